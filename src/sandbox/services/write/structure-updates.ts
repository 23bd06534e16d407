// Update of sections, lessons and topics (spec 4.2, 3). New items are appended to their parent; a
// lesson whose section changes, or a topic whose lesson changes, moves to the end of the new
// parent; `displayOrder` places a section among its course's sections. Orders stay dense (0..n-1).
import { randomUUID } from 'node:crypto';
import type {
  LessonUpdate,
  SectionUpdate,
  TopicType,
  TopicUpdate,
  CompletionCriteria,
} from '#contract/index.ts';
import { createCompletionCriteriaRepository } from '../../storage/completion-criteria-repository.ts';
import { parseJson, type Db } from '../../storage/database.ts';
import { createLessonRepository } from '../../storage/lesson-repository.ts';
import { createSectionRepository } from '../../storage/section-repository.ts';
import { createTopicRepository, type TopicColumns } from '../../storage/topic-repository.ts';
import type { PlannedUpload } from '../jobs/job-service.ts';
import {
  applyTopicFields,
  criterionRow,
  isAlternateVideo,
  storedFields,
  topicUploads,
} from './topic-content.ts';

export function createStructureUpdates(db: Db) {
  const sections = createSectionRepository(db);
  const lessons = createLessonRepository(db);
  const topics = createTopicRepository(db);
  const criteria = createCompletionCriteriaRepository(db);
  const one = <T>(map: Map<string, T>, id: string): T => map.get(id)!;

  /** Puts `sectionId` at `position` (clamped; default: last) among its course's sections. */
  function placeSection(courseId: string, sectionId: string, position: number | undefined) {
    const ids = sections.idsOfCourse(courseId).filter((id) => id !== sectionId);
    ids.splice(Math.min(position ?? ids.length, ids.length), 0, sectionId);
    sections.renumber(ids);
  }

  function updateSections(companyId: string, items: SectionUpdate[]): void {
    for (const item of items) {
      if (!item.id) {
        const id = randomUUID();
        sections.insert({
          id,
          company_id: companyId,
          course_id: item.courseId!,
          title: item.title!,
          release_date: item.releaseDate ?? null,
          display_order: sections.nextOrder(item.courseId!),
        });
        if (item.displayOrder !== undefined) placeSection(item.courseId!, id, item.displayOrder);
        continue;
      }
      const before = one(sections.findByIds(companyId, [item.id]), item.id);
      const row = { ...before };
      if (item.title !== undefined) row.title = item.title;
      if (item.releaseDate !== undefined) row.release_date = item.releaseDate;
      const moved = item.courseId !== undefined && item.courseId !== before.course_id;
      if (moved) {
        row.course_id = item.courseId!;
        row.display_order = sections.nextOrder(row.course_id);
      }
      sections.update(row);
      if (moved) {
        lessons.moveSectionToCourse(row.id, row.course_id);
        topics.moveSectionToCourse(row.id, row.course_id);
        criteria.moveCarriedOfSection(row.id, row.course_id);
        sections.renumber(sections.idsOfCourse(before.course_id));
      }
      if (item.displayOrder !== undefined) placeSection(row.course_id, row.id, item.displayOrder);
    }
  }

  function updateLessons(companyId: string, items: LessonUpdate[]): void {
    for (const item of items) {
      if (!item.id) {
        const section = one(sections.findByIds(companyId, [item.sectionId!]), item.sectionId!);
        lessons.insert({
          id: randomUUID(),
          company_id: companyId,
          course_id: section.course_id,
          section_id: section.id,
          title: item.title!,
          open_type: item.openType ?? 'studentsOnly',
          display_order: lessons.nextOrder(section.id),
        });
        continue;
      }
      const before = one(lessons.findByIds(companyId, [item.id]), item.id);
      const row = { ...before };
      if (item.title !== undefined) row.title = item.title;
      if (item.openType !== undefined) row.open_type = item.openType;
      const moved = item.sectionId !== undefined && item.sectionId !== before.section_id;
      if (moved) {
        const section = one(sections.findByIds(companyId, [item.sectionId!]), item.sectionId!);
        row.section_id = section.id;
        row.course_id = section.course_id;
        row.display_order = lessons.nextOrder(section.id);
      }
      lessons.update(row);
      if (moved) {
        if (row.course_id !== before.course_id) {
          topics.moveLessonToCourse(row.id, row.course_id);
          criteria.moveCarriedOfLesson(row.id, row.course_id);
        }
        lessons.renumber(lessons.idsOfSection(before.section_id));
      }
    }
  }

  function updateTopics(companyId: string, items: TopicUpdate[]): PlannedUpload[] {
    const uploads: PlannedUpload[] = [];
    for (const item of items) {
      let row: TopicColumns;
      let before: TopicColumns | undefined;
      if (!item.id) {
        const lesson = one(lessons.findByIds(companyId, [item.lessonId!]), item.lessonId!);
        row = {
          id: randomUUID(),
          company_id: companyId,
          course_id: lesson.course_id,
          lesson_id: lesson.id,
          title: item.title!,
          type: item.type!,
          display_order: topics.nextOrder(lesson.id),
          fields: '{}',
        };
      } else {
        before = one(topics.findByIds(companyId, [item.id]), item.id);
        row = { ...before };
        if (item.title !== undefined) row.title = item.title;
        if (item.type !== undefined) row.type = item.type;
        if (item.lessonId !== undefined && item.lessonId !== before.lesson_id) {
          const lesson = one(lessons.findByIds(companyId, [item.lessonId]), item.lessonId);
          row.lesson_id = lesson.id;
          row.course_id = lesson.course_id;
          row.display_order = topics.nextOrder(lesson.id);
        }
      }
      const type = row.type as TopicType;
      const fields = applyTopicFields(parseJson(row.fields, {}), type, item);
      row.fields = storedFields(fields);
      if (before) topics.update(row);
      else topics.insert(row);

      if (before && row.lesson_id !== before.lesson_id) {
        if (row.course_id !== before.course_id) criteria.moveCarriedOfTopic(row.id, row.course_id);
        topics.renumber(topics.idsOfLesson(before.lesson_id));
      }
      if (item.courseCompletionCriteria !== undefined) {
        criteria.deleteCarriedBy(row.course_id, row.id);
        const declared = fields.courseCompletionCriteria as CompletionCriteria | undefined;
        if (declared) criteria.insert(criterionRow(companyId, row.course_id, row.id, declared));
      }
      if (isAlternateVideo(type, fields)) criteria.deleteVideoPercentFor(row.id);
      uploads.push(...topicUploads(type, item, { topicId: row.id, courseId: row.course_id }));
    }
    return uploads;
  }

  return { updateSections, updateLessons, updateTopics };
}
