// Courses (sessions): inserts, whole-row updates, company-scoped lookups, group-wide status moves.
import type { Db } from './database.ts';
import type { CourseRow } from './records.ts';
import { IN_JSON_LIST, jsonList } from './sql-helpers.ts';

export type CourseColumns = Omit<CourseRow, 'seq' | 'is_display_course'>;

const COLUMNS = [
  'id',
  'company_id',
  'course_group_id',
  'title',
  'kind',
  'status',
  'sku',
  'isbn',
  'discussions_enabled',
  'available_to_public',
  'enrollment_limit',
  'enrollment_start_date',
  'enrollment_end_date',
  'course_start_date',
  'course_end_date',
  'grace_period_end_date',
  'price_in_cents',
  'free_with_registration',
  'purchasable',
  'future_publish_date',
  'publish_date',
  'custom_fields',
  'force_linear_progress',
  'show_progress',
  'prerequisite_course_ids',
  'prerequisite_learning_path_ids',
  'scorm_url',
  'width',
  'height',
  'embedded_enabled',
  'reset_session_after_complete',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof CourseColumns)[];

/** A new session's row: the given fields, everything else at the create defaults (spec 2.2). */
export function newCourseRow(
  fields: Pick<CourseColumns, 'id' | 'company_id' | 'course_group_id' | 'title' | 'kind'> &
    Partial<CourseColumns>,
  at: string,
): CourseColumns {
  return {
    status: 'draft',
    sku: null,
    isbn: null,
    discussions_enabled: 0,
    available_to_public: 0,
    enrollment_limit: null,
    enrollment_start_date: at,
    enrollment_end_date: null,
    course_start_date: at,
    course_end_date: null,
    grace_period_end_date: null,
    price_in_cents: 0,
    free_with_registration: 0,
    purchasable: 0,
    future_publish_date: null,
    publish_date: null,
    custom_fields: '{}',
    force_linear_progress: 0,
    show_progress: 1,
    prerequisite_course_ids: '[]',
    prerequisite_learning_path_ids: '[]',
    scorm_url: null,
    width: null,
    height: null,
    embedded_enabled: null,
    reset_session_after_complete: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

export function createCourseRepository(db: Db) {
  const insert = db.prepare<[CourseColumns]>(
    `INSERT INTO courses (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const update = db.prepare<[CourseColumns]>(
    `UPDATE courses SET ${COLUMNS.filter((c) => c !== 'id' && c !== 'company_id')
      .map((c) => `${c} = @${c}`)
      .join(', ')} WHERE id = @id AND company_id = @company_id`,
  );
  const byIds = db.prepare<[string, string], CourseColumns & { seq: number }>(
    `SELECT * FROM courses WHERE company_id = ? AND id ${IN_JSON_LIST}`,
  );
  const skuOwner = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM courses WHERE company_id = ? AND sku = ?',
  );
  const statusOfGroup = db.prepare<[string, string, string]>(
    'UPDATE courses SET status = ?, updated_at = ? WHERE course_group_id = ?',
  );
  const firstOfGroup = db.prepare<[string], { id: string }>(
    'SELECT id FROM courses WHERE course_group_id = ? ORDER BY seq LIMIT 1',
  );
  const countOfGroup = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM courses WHERE course_group_id = ?',
  );
  const setStatus = db.prepare<[string, string, string, string]>(
    'UPDATE courses SET status = ?, updated_at = ? WHERE company_id = ? AND id = ?',
  );

  return {
    insert: (row: CourseColumns) => void insert.run(row),
    update: (row: CourseColumns) => void update.run(row),
    findByIds(companyId: string, ids: readonly string[]): Map<string, CourseColumns> {
      if (ids.length === 0) return new Map();
      return new Map(
        byIds.all(companyId, jsonList(ids)).map(({ seq: _seq, ...row }) => [row.id, row]),
      );
    },
    skuOwner: (companyId: string, sku: string) => skuOwner.get(companyId, sku)?.id,
    setStatusOfGroup: (groupId: string, status: string, at: string) =>
      void statusOfGroup.run(status, at, groupId),
    firstOfGroup: (groupId: string) => firstOfGroup.get(groupId)?.id,
    countOfGroup: (groupId: string) => countOfGroup.get(groupId)?.n ?? 0,
    /** Returns false when the course is not the company's. */
    setStatus: (companyId: string, id: string, status: string, at: string) =>
      setStatus.run(status, at, companyId, id).changes > 0,
  };
}
export type CourseRepository = ReturnType<typeof createCourseRepository>;
