// Storage checks of `PUT /content/course/update` (spec 4.2, 7.2): every id must name an entity of
// the caller's company, every parent must exist there, references must resolve.
import { MESSAGES, WRITE_MESSAGES, type UpdateCourseAttributes } from '#contract/index.ts';
import type { Db } from '../../storage/database.ts';
import { createCourseGroupRepository } from '../../storage/course-group-repository.ts';
import { createCourseRepository } from '../../storage/course-repository.ts';
import { createLessonRepository } from '../../storage/lesson-repository.ts';
import { createSectionRepository } from '../../storage/section-repository.ts';
import { createTopicRepository } from '../../storage/topic-repository.ts';
import { createReferenceChecks } from './reference-checks.ts';

const idsOf = (items: readonly { id?: string | undefined }[] | undefined): string[] =>
  (items ?? []).flatMap((item) => (item.id ? [item.id] : []));

export function createUpdateChecks(db: Db) {
  const groups = createCourseGroupRepository(db);
  const courses = createCourseRepository(db);
  const sections = createSectionRepository(db);
  const lessons = createLessonRepository(db);
  const topics = createTopicRepository(db);
  const referenceIssues = createReferenceChecks(db);

  const missing = (ids: string[], found: Map<string, unknown>) =>
    ids.filter((id) => !found.has(id));

  return function updateStorageErrors(companyId: string, a: UpdateCourseAttributes): string[] {
    const errors: string[] = [];
    const groupIds = missing(
      idsOf(a.courseGroups),
      groups.findByIds(companyId, idsOf(a.courseGroups)),
    );
    if (groupIds.length > 0) errors.push(MESSAGES.courseGroupsNotFound(groupIds));
    const storedCourses = courses.findByIds(companyId, idsOf(a.courses));
    if (missing(idsOf(a.courses), storedCourses).length > 0) errors.push(MESSAGES.coursesNotFound);
    const sectionIds = missing(idsOf(a.sections), sections.findByIds(companyId, idsOf(a.sections)));
    if (sectionIds.length > 0) errors.push(MESSAGES.sectionsNotFound(sectionIds));
    const lessonIds = missing(idsOf(a.lessons), lessons.findByIds(companyId, idsOf(a.lessons)));
    if (lessonIds.length > 0) errors.push(MESSAGES.lessonsNotFound(lessonIds));
    const topicIds = missing(idsOf(a.topics), topics.findByIds(companyId, idsOf(a.topics)));
    if (topicIds.length > 0) errors.push(MESSAGES.topicsNotFound(topicIds));

    // Parents: new items need one, existing items may name a new one (a move). Either way it must
    // be the company's; a foreign id reads as not existing.
    const parentErrors = <T>(
      items: readonly T[] | undefined,
      field: 'courseGroupId' | 'courseId' | 'sectionId' | 'lessonId',
      find: (ids: string[]) => Map<string, unknown>,
    ) => {
      const ids = (items ?? []).flatMap((item) => {
        const value = (item as Record<string, unknown>)[field];
        return typeof value === 'string' ? [value] : [];
      });
      const found = find(ids);
      for (const id of new Set(ids))
        if (!found.has(id)) errors.push(MESSAGES.invalidParent(field, id));
    };
    parentErrors(a.courses, 'courseGroupId', (ids) => groups.findByIds(companyId, ids));
    parentErrors(a.sections, 'courseId', (ids) => courses.findByIds(companyId, ids));
    parentErrors(a.lessons, 'sectionId', (ids) => sections.findByIds(companyId, ids));
    parentErrors(a.topics, 'lessonId', (ids) => lessons.findByIds(companyId, ids));

    const slugs = new Set<string>();
    for (const item of a.courseGroups ?? []) {
      errors.push(...referenceIssues(companyId, item));
      if (item.slug === undefined) continue;
      if (slugs.has(item.slug)) errors.push(WRITE_MESSAGES.duplicateSlugInRequest(item.slug));
      slugs.add(item.slug);
      const owner = groups.slugOwner(companyId, item.slug);
      if (owner && owner !== item.id) errors.push(MESSAGES.duplicateSlug(item.slug));
    }
    for (const item of a.courses ?? []) errors.push(...referenceIssues(companyId, item));

    // A group keeps at least one course (spec 2.1), so its last course cannot move away.
    const leaving = new Map<string, number>();
    for (const item of a.courses ?? []) {
      const stored = item.id ? storedCourses.get(item.id) : undefined;
      if (stored && item.courseGroupId && item.courseGroupId !== stored.course_group_id)
        leaving.set(stored.course_group_id, (leaving.get(stored.course_group_id) ?? 0) + 1);
    }
    for (const [groupId, count] of leaving)
      if (count >= courses.countOfGroup(groupId))
        errors.push(WRITE_MESSAGES.lastCourseOfGroup(groupId));
    return [...new Set(errors)];
  };
}
