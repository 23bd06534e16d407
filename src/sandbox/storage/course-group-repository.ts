// Course groups (catalog items): inserts, whole-row updates, company-scoped lookups.
import type { Db } from './database.ts';
import type { CourseGroupRow } from './records.ts';
import { IN_JSON_LIST, jsonList } from './sql-helpers.ts';

/** The table's own columns (COURSE_GROUP_SELECT adds the derived ones). */
export type CourseGroupColumns = Omit<CourseGroupRow, 'seq' | 'status' | 'course_count'>;

const COLUMNS = [
  'id',
  'company_id',
  'title',
  'slug',
  'kind',
  'is_template',
  'language',
  'content_type',
  'authors',
  'source',
  'description',
  'display_course_id',
  'archived',
  'tag_ids',
  'custom_fields',
  'asset',
  'asset_alt_text',
  'detail_asset',
  'detail_asset_alt_text',
  'ribbon',
  'meta_title',
  'meta_description',
  'related_course_group_ids',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof CourseGroupColumns)[];

/** A new group's row: the given identity fields, everything else at the table's defaults. */
export function newCourseGroupRow(
  fields: Pick<
    CourseGroupColumns,
    'id' | 'company_id' | 'title' | 'slug' | 'kind' | 'content_type'
  > &
    Partial<CourseGroupColumns>,
  at: string,
): CourseGroupColumns {
  return {
    is_template: 0,
    language: 'en',
    authors: '[]',
    source: null,
    description: '',
    display_course_id: null,
    archived: 0,
    tag_ids: '[]',
    custom_fields: '{}',
    asset: null,
    asset_alt_text: null,
    detail_asset: null,
    detail_asset_alt_text: null,
    ribbon: null,
    meta_title: null,
    meta_description: null,
    related_course_group_ids: '[]',
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

export function createCourseGroupRepository(db: Db) {
  const insert = db.prepare<[CourseGroupColumns]>(
    `INSERT INTO course_groups (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const update = db.prepare<[CourseGroupColumns]>(
    `UPDATE course_groups SET ${COLUMNS.filter((c) => c !== 'id' && c !== 'company_id')
      .map((c) => `${c} = @${c}`)
      .join(', ')} WHERE id = @id AND company_id = @company_id`,
  );
  const byIds = db.prepare<[string, string], CourseGroupColumns & { seq: number }>(
    `SELECT * FROM course_groups WHERE company_id = ? AND id ${IN_JSON_LIST}`,
  );
  const slugOwner = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM course_groups WHERE company_id = ? AND slug = ?',
  );
  const setDisplay = db.prepare<[string | null, string, string]>(
    'UPDATE course_groups SET display_course_id = ?, updated_at = ? WHERE id = ?',
  );

  return {
    insert: (row: CourseGroupColumns) => void insert.run(row),
    update: (row: CourseGroupColumns) => void update.run(row),
    /** Rows of the company among `ids`, keyed by id (foreign and unknown ids are absent). */
    findByIds(companyId: string, ids: readonly string[]): Map<string, CourseGroupColumns> {
      if (ids.length === 0) return new Map();
      return new Map(
        byIds.all(companyId, jsonList(ids)).map(({ seq: _seq, ...row }) => [row.id, row]),
      );
    },
    /** The id of the group holding `slug` in the company, if any. */
    slugOwner: (companyId: string, slug: string) => slugOwner.get(companyId, slug)?.id,
    setDisplayCourse: (groupId: string, courseId: string | null, at: string) =>
      void setDisplay.run(courseId, at, groupId),
  };
}
export type CourseGroupRepository = ReturnType<typeof createCourseGroupRepository>;
