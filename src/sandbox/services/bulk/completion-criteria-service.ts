// POST /content/completion-criteria/bulk and /bulk/update. Criteria follow spec 2.5: value criteria
// need their companion field, event-style criteria name the topic they refer to, and every topic
// referenced must belong to the criterion's course. All items are checked before anything is written.
import { randomUUID } from 'node:crypto';
import type { z } from '#contract/zod.ts';
import {
  MESSAGES,
  READ_MESSAGES,
  TOPIC_COMPLETION_CRITERIA,
  VALUE_COMPLETION_CRITERIA,
  completionCriteriaIssues,
  type CompletionCriterionCreate,
  type CompletionCriterionUpdate,
} from '#contract/index.ts';
import type { SandboxDeps } from '../../deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { parseJson } from '../../storage/database.ts';
import { createBulkQueries } from '../../storage/bulk-queries.ts';
import { createCompletionCriteriaRepository } from '../../storage/completion-criteria-repository.ts';
import { createCourseRepository } from '../../storage/course-repository.ts';
import { toCompletionCriterion, type CompletionCriterionRow } from '../../storage/records.ts';
import { createTopicRepository } from '../../storage/topic-repository.ts';
import { duplicatesOf } from './bulk-price-service.ts';

type CriterionCreate = z.output<typeof CompletionCriterionCreate>;
type CriterionUpdate = z.output<typeof CompletionCriterionUpdate>;
type Fields = Record<string, unknown>;
type Planned = Omit<CompletionCriterionRow, 'seq'>;

const isTopicType = (type: string) =>
  (TOPIC_COMPLETION_CRITERIA as readonly string[]).includes(type);
const VALUE_FIELDS: readonly string[] = VALUE_COMPLETION_CRITERIA;

export function createCompletionCriteriaService(deps: SandboxDeps) {
  const queries = createBulkQueries(deps.db);
  const criteria = createCompletionCriteriaRepository(deps.db);
  const courses = createCourseRepository(deps.db);
  const topics = createTopicRepository(deps.db);

  /** Spec 2.5 rules of one criterion; `at` prefixes each message with the item's position. */
  function issuesOf(
    at: string,
    criterion: Fields & { type: string },
    courseId: string,
    topicId: string | null,
    courseOfTopic: Map<string, string>,
  ): string[] {
    const issues = completionCriteriaIssues(criterion).map((message) => `${at}: ${message}`);
    if (isTopicType(criterion.type) && !topicId)
      issues.push(`${at}.topicId: ${READ_MESSAGES.criterionTopicRequired(criterion.type)}`);
    for (const field of ['topicId', 'videoTopicId'] as const) {
      const id = field === 'topicId' ? topicId : (criterion.videoTopicId as string | undefined);
      if (id && courseOfTopic.get(id) !== courseId)
        issues.push(`${at}.${field}: ${READ_MESSAGES.topicNotInCourse(id, courseId)}`);
    }
    return issues;
  }

  const topicIdsOf = (items: readonly Fields[]) =>
    items.flatMap((item) =>
      [item.topicId, item.videoTopicId].filter((id): id is string => typeof id === 'string'),
    );

  /** A topic whose `courseCompletionCriteria` declared the criterion shows the new value too. */
  function syncCarrier(companyId: string, row: Planned) {
    const fields = parseJson<Fields>(row.fields, {});
    const carrier = fields.carrierTopicId;
    if (typeof carrier !== 'string') return;
    const topic = topics.findByIds(companyId, [carrier]).get(carrier);
    if (!topic) return;
    const { carrierTopicId: _carrier, ...companions } = fields;
    const declared = {
      type: row.type,
      ...companions,
      ...(row.topic_id && row.topic_id !== carrier ? { topicId: row.topic_id } : {}),
    };
    const topicFields = {
      ...parseJson<Fields>(topic.fields, {}),
      courseCompletionCriteria: declared,
    };
    topics.update({ ...topic, fields: JSON.stringify(topicFields) });
  }

  const insertAll = deps.db.transaction((rows: readonly Planned[]) => {
    for (const row of rows) criteria.insert(row);
  });
  const updateAll = deps.db.transaction((companyId: string, rows: readonly Planned[]) => {
    for (const row of rows) {
      queries.updateCriterion(row);
      syncCarrier(companyId, row);
    }
  });
  const respond = (rows: readonly Planned[]) => ({
    completionCriteria: rows.map((row) => toCompletionCriterion({ ...row, seq: 0 })),
  });

  return {
    create(companyId: string, items: readonly CriterionCreate[]) {
      const courseIds = [...new Set(items.map((item) => item.courseId))];
      const foundCourses = courses.findByIds(companyId, courseIds);
      const courseOfTopic = queries.courseOfTopics(companyId, topicIdsOf(items));
      const errors = items.flatMap((item, index) => {
        if (!foundCourses.has(item.courseId)) return [];
        return issuesOf(
          `items[${index}]`,
          item,
          item.courseId,
          item.topicId ?? null,
          courseOfTopic,
        );
      });
      if (courseIds.some((id) => !foundCourses.has(id))) errors.unshift(MESSAGES.coursesNotFound);
      if (errors.length > 0) throw new ValidationError(errors);
      const rows = items.map((item): Planned => {
        const { courseId, type, topicId, ...companions } = item;
        return {
          id: randomUUID(),
          company_id: companyId,
          course_id: courseId,
          topic_id: topicId ?? companions.videoTopicId ?? null,
          type,
          fields: JSON.stringify(companions),
        };
      });
      insertAll(rows);
      return respond(rows);
    },

    update(companyId: string, items: readonly CriterionUpdate[]) {
      const ids = items.map((item) => item.id);
      const repeated = duplicatesOf(ids);
      const existing = queries.criteriaByIds(companyId, ids);
      const missing = ids.filter((id) => !existing.has(id));
      const head: string[] = [];
      if (repeated.length > 0) head.push(READ_MESSAGES.duplicateItems('id', repeated));
      if (missing.length > 0) head.push(READ_MESSAGES.criteriaNotFound(missing));
      if (head.length > 0) throw new ValidationError(head);

      const merged = items.map((item) => {
        const row = existing.get(item.id)!;
        const { id: _id, type: newType, topicId, ...supplied } = item;
        const type = newType ?? row.type;
        const fields: Fields = { ...parseJson<Fields>(row.fields, {}), ...supplied };
        // A new type keeps only its own value companion (the others no longer mean anything).
        if (type !== row.type)
          for (const field of VALUE_FIELDS) if (field !== type) delete fields[field];
        const keepsTopic = isTopicType(type) || type === 'videoPercentViewed';
        const topic = topicId ?? (keepsTopic ? (row.topic_id ?? null) : null);
        return { row, type, topic, fields };
      });
      const courseOfTopic = queries.courseOfTopics(
        companyId,
        topicIdsOf(merged.map((m) => ({ ...m.fields, topicId: m.topic }))),
      );
      const errors = merged.flatMap((m, index) =>
        issuesOf(
          `items[${index}]`,
          { ...m.fields, type: m.type },
          m.row.course_id,
          m.topic,
          courseOfTopic,
        ),
      );
      if (errors.length > 0) throw new ValidationError(errors);
      const rows = merged.map((m): Planned => ({
        id: m.row.id,
        company_id: m.row.company_id,
        course_id: m.row.course_id,
        topic_id: m.topic,
        type: m.type,
        fields: JSON.stringify(m.fields),
      }));
      updateAll(companyId, rows);
      return respond(rows);
    },
  };
}
