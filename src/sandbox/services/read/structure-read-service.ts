// Reads of a course's inside (spec 4.4): the structure tree, paginated sections/lessons/topics, single
// records and completion criteria. Parents are checked first so a foreign id is a 404, not an empty list.
import {
  READ_MESSAGES,
  type CourseStructure,
  type LessonRecord,
  type PageQuery,
  type SectionRecord,
  type TopicRecord,
} from '#contract/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import {
  toCompletionCriterion,
  toLessonRecord,
  toSectionRecord,
  toTopicRecord,
  type CourseRow,
} from '../../storage/records.ts';
import type { CatalogReadService } from './catalog-read-service.ts';
import type { ReadContext } from './read-context.ts';

type Criterion = CourseStructure['completionCriteria'][number];

export function createStructureReadService(
  { structure }: ReadContext,
  catalog: CatalogReadService,
) {
  const requireSection = (companyId: string, id: string) => {
    const row = structure.section(companyId, id);
    if (!row) throw new NotFoundError(READ_MESSAGES.notFound('Section', id));
    return row;
  };
  const requireLesson = (companyId: string, id: string) => {
    const row = structure.lesson(companyId, id);
    if (!row) throw new NotFoundError(READ_MESSAGES.notFound('Lesson', id));
    return row;
  };
  const criteriaOf = (courseId: string): Criterion[] =>
    structure.criteriaOfCourse(courseId).map((row) => toCompletionCriterion(row) as Criterion);

  /** Nests sections > lessons > topics; the queries already return each level in display order. */
  function treeOf(course: CourseRow): CourseStructure {
    const { sections, lessons, topics } = structure.treeOfCourse(course.id);
    const topicsByLesson = groupBy(topics.map(toTopicRecord), (topic) => topic.lessonId);
    const lessonsBySection = groupBy(lessons.map(toLessonRecord), (lesson) => lesson.sectionId);
    return {
      courseId: course.id,
      courseGroupId: course.course_group_id,
      title: course.title,
      kind: course.kind as CourseStructure['kind'],
      status: course.status as CourseStructure['status'],
      sections: sections.map((row) => ({
        ...toSectionRecord(row),
        lessons: (lessonsBySection.get(row.id) ?? []).map((lesson) => ({
          ...lesson,
          topics: topicsByLesson.get(lesson.id) ?? [],
        })),
      })),
      completionCriteria: criteriaOf(course.id),
    };
  }

  return {
    structure: (companyId: string, courseId: string): CourseStructure =>
      treeOf(catalog.requireCourse(companyId, courseId)),

    completionCriteria(companyId: string, courseId: string) {
      catalog.requireCourse(companyId, courseId);
      return { completionCriteria: criteriaOf(courseId) };
    },

    sections(companyId: string, courseId: string, page: PageQuery) {
      catalog.requireCourse(companyId, courseId);
      const result = structure.sectionsPage(courseId, page);
      return { pageInfo: result.pageInfo, sections: result.rows.map(toSectionRecord) };
    },

    lessonsOfCourse(companyId: string, courseId: string, page: PageQuery) {
      catalog.requireCourse(companyId, courseId);
      const result = structure.lessonsPage('course', courseId, page);
      return { pageInfo: result.pageInfo, lessons: result.rows.map(toLessonRecord) };
    },

    lessonsOfSection(companyId: string, sectionId: string, page: PageQuery) {
      requireSection(companyId, sectionId);
      const result = structure.lessonsPage('section', sectionId, page);
      return { pageInfo: result.pageInfo, lessons: result.rows.map(toLessonRecord) };
    },

    topicsOfCourse(companyId: string, courseId: string, page: PageQuery) {
      catalog.requireCourse(companyId, courseId);
      const result = structure.topicsPage('course', courseId, page);
      return { pageInfo: result.pageInfo, topics: result.rows.map(toTopicRecord) };
    },

    topicsOfLesson(companyId: string, lessonId: string, page: PageQuery) {
      requireLesson(companyId, lessonId);
      const result = structure.topicsPage('lesson', lessonId, page);
      return { pageInfo: result.pageInfo, topics: result.rows.map(toTopicRecord) };
    },

    section: (companyId: string, id: string): SectionRecord =>
      toSectionRecord(requireSection(companyId, id)),
    lesson: (companyId: string, id: string): LessonRecord =>
      toLessonRecord(requireLesson(companyId, id)),
    topic(companyId: string, id: string): TopicRecord {
      const row = structure.topic(companyId, id);
      if (!row) throw new NotFoundError(READ_MESSAGES.notFound('Topic', id));
      return toTopicRecord(row);
    },
  };
}

export type StructureReadService = ReturnType<typeof createStructureReadService>;

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
