// Course group and course reads (spec 4.3, 4.4). Unknown ids and other companies' ids are 404s.
import {
  READ_MESSAGES,
  type Course,
  type CourseGroup,
  type CourseGroupList,
  type CourseGroupListQuery,
} from '#contract/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import {
  toCourse,
  toCourseGroup,
  toCourseGroupListItem,
  type CourseGroupRow,
  type CourseRow,
} from '../../storage/records.ts';
import type { ReadContext } from './read-context.ts';

export function createCatalogReadService({ catalog, deps }: ReadContext) {
  const requireGroup = (companyId: string, id: string): CourseGroupRow => {
    const row = catalog.courseGroup(companyId, id);
    if (!row) throw new NotFoundError(READ_MESSAGES.notFound('Course group', id));
    return row;
  };
  const requireCourse = (companyId: string, id: string): CourseRow => {
    const row = catalog.course(companyId, id);
    if (!row) throw new NotFoundError(READ_MESSAGES.notFound('Course', id));
    return row;
  };
  /** Active: neither archived nor deleted, and not past its course end date. */
  const isActive = (course: CourseRow, nowMs: number) =>
    course.status !== 'archived' &&
    course.status !== 'deleted' &&
    (course.course_end_date === null || Date.parse(course.course_end_date) > nowMs);

  return {
    requireGroup,
    requireCourse,

    listCourseGroups(companyId: string, query: CourseGroupListQuery): CourseGroupList {
      const { kind, isTemplate, archived, cursor, perPage } = query;
      const page = catalog.listCourseGroups(
        companyId,
        { kind, isTemplate, archived },
        { cursor, perPage },
      );
      return { pageInfo: page.pageInfo, courseGroups: page.rows.map(toCourseGroupListItem) };
    },

    courseGroup: (companyId: string, id: string): CourseGroup =>
      toCourseGroup(requireGroup(companyId, id)),

    courseGroupBySlug(companyId: string, slug: string): CourseGroup {
      const row = catalog.courseGroupBySlug(companyId, slug);
      if (!row) throw new NotFoundError(READ_MESSAGES.notFound('Course group with slug', slug));
      return toCourseGroup(row);
    },

    coursesOfGroup(companyId: string, id: string, activeOnly: boolean): { courses: Course[] } {
      requireGroup(companyId, id);
      const nowMs = deps.now();
      const rows = catalog
        .coursesOfGroup(companyId, id)
        .filter((course) => !activeOnly || isActive(course, nowMs));
      return { courses: rows.map(toCourse) };
    },

    displayCourse(companyId: string, id: string): Course {
      const group = requireGroup(companyId, id);
      const course = group.display_course_id
        ? catalog.course(companyId, group.display_course_id)
        : undefined;
      if (!course) throw new NotFoundError(READ_MESSAGES.noDisplayCourse(id));
      return toCourse(course);
    },

    course: (companyId: string, id: string): Course => toCourse(requireCourse(companyId, id)),
  };
}

export type CatalogReadService = ReturnType<typeof createCatalogReadService>;
