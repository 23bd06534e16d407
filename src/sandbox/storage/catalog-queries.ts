// Read queries for course groups, courses and learning paths. Every query is scoped by company.
import type { CourseGroupKind } from '#contract/index.ts';
import type { CursorCodec } from '../lib/cursor.ts';
import type { Db } from './database.ts';
import { keysetPage, type KeysetPage, type PageRequest } from './keyset-pagination.ts';
import {
  COURSE_GROUP_SELECT,
  COURSE_SELECT,
  type CourseGroupRow,
  type CourseRow,
} from './records.ts';

export interface CourseGroupFilters {
  kind?: CourseGroupKind | undefined;
  isTemplate?: boolean | undefined;
  archived?: boolean | undefined;
}

export interface LearningPathRow {
  seq: number;
  id: string;
  company_id: string;
  title: string;
  slug: string;
  sku: string | null;
  status: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface MilestoneCourseRow {
  milestone_id: string;
  milestone_title: string;
  milestone_order: number;
  course_id: string | null;
  course_title: string | null;
  course_status: string | null;
}

/**
 * A group's courses in order, through the group's index: left to choose, SQLite walked the company's
 * every course in `seq` order instead (`courses_company` also gives that order), a cost that grew
 * with the catalog (0.39 ms a read at 2,500 courses against 0.03), paid on every group page and by
 * the console's history, which reads each changed course's group before and after a change.
 */
export const COURSES_OF_GROUP = `${COURSE_SELECT} INDEXED BY courses_group
  WHERE c.company_id = ? AND c.course_group_id = ? ORDER BY c.seq`;

export function createCatalogQueries(db: Db, codec: CursorCodec) {
  const groupById = db.prepare<[string, string], CourseGroupRow>(
    `${COURSE_GROUP_SELECT} WHERE g.company_id = ? AND g.id = ?`,
  );
  const groupBySlug = db.prepare<[string, string], CourseGroupRow>(
    `${COURSE_GROUP_SELECT} WHERE g.company_id = ? AND g.slug = ?`,
  );
  const courseById = db.prepare<[string, string], CourseRow>(
    `${COURSE_SELECT} WHERE c.company_id = ? AND c.id = ?`,
  );
  const coursesOfGroup = db.prepare<[string, string], CourseRow>(COURSES_OF_GROUP);
  const pathById = db.prepare<[string, string], LearningPathRow>(
    'SELECT * FROM learning_paths WHERE company_id = ? AND id = ?',
  );
  const pathBySku = db.prepare<[string, string], LearningPathRow>(
    'SELECT * FROM learning_paths WHERE company_id = ? AND sku = ? ORDER BY seq LIMIT 1',
  );
  const milestoneCourses = db.prepare<[string, string], MilestoneCourseRow>(
    `SELECT m.id AS milestone_id, m.title AS milestone_title, m.display_order AS milestone_order,
            c.id AS course_id, c.title AS course_title, c.status AS course_status
       FROM learning_path_milestones m
       LEFT JOIN learning_path_milestone_courses mc ON mc.milestone_id = m.id
       LEFT JOIN courses c ON c.id = mc.course_id AND c.company_id = ?
      WHERE m.learning_path_id = ?
      ORDER BY m.display_order, m.id, mc.display_order`,
  );

  return {
    listCourseGroups(
      companyId: string,
      filters: CourseGroupFilters,
      page: PageRequest,
    ): KeysetPage<CourseGroupRow> {
      const conditions = ['g.company_id = ?'];
      const params: unknown[] = [companyId];
      if (filters.kind !== undefined) {
        conditions.push('g.kind = ?');
        params.push(filters.kind);
      }
      if (filters.isTemplate !== undefined) {
        conditions.push('g.is_template = ?');
        params.push(filters.isTemplate ? 1 : 0);
      }
      if (filters.archived !== undefined) {
        conditions.push('g.archived = ?');
        params.push(filters.archived ? 1 : 0);
      }
      return keysetPage<CourseGroupRow>(
        db,
        codec,
        {
          scope: `courseGroups|${companyId}|${filters.kind ?? ''}|${filters.isTemplate ?? ''}|${filters.archived ?? ''}`,
          selectFrom: COURSE_GROUP_SELECT,
          countFrom: 'FROM course_groups g',
          where: `WHERE ${conditions.join(' AND ')}`,
          params,
          orderBy: ['g.seq'],
          keyOf: (row) => [row.seq],
        },
        page,
      );
    },
    courseGroup: (companyId: string, id: string) => groupById.get(companyId, id),
    courseGroupBySlug: (companyId: string, slug: string) => groupBySlug.get(companyId, slug),
    course: (companyId: string, id: string) => courseById.get(companyId, id),
    coursesOfGroup: (companyId: string, groupId: string) => coursesOfGroup.all(companyId, groupId),
    learningPath: (companyId: string, id: string) => pathById.get(companyId, id),
    learningPathBySku: (companyId: string, sku: string) => pathBySku.get(companyId, sku),
    milestoneCourses: (companyId: string, pathId: string) =>
      milestoneCourses.all(companyId, pathId),
  };
}

export type CatalogQueries = ReturnType<typeof createCatalogQueries>;
