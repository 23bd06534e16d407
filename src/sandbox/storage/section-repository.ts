// Sections (modules) of a course, kept in a dense 0-based display order.
import type { Db } from './database.ts';
import type { SectionRow } from './records.ts';
import { IN_JSON_LIST, jsonList } from './sql-helpers.ts';

export type SectionColumns = Omit<SectionRow, 'seq'>;

export function createSectionRepository(db: Db) {
  const insert = db.prepare<[SectionColumns]>(
    `INSERT INTO sections (id, company_id, course_id, title, release_date, display_order)
     VALUES (@id, @company_id, @course_id, @title, @release_date, @display_order)`,
  );
  const update = db.prepare<[SectionColumns]>(
    `UPDATE sections SET course_id = @course_id, title = @title, release_date = @release_date,
       display_order = @display_order WHERE id = @id AND company_id = @company_id`,
  );
  const byIds = db.prepare<[string, string], SectionRow>(
    `SELECT * FROM sections WHERE company_id = ? AND id ${IN_JSON_LIST}`,
  );
  const idsOfCourse = db.prepare<[string], { id: string }>(
    'SELECT id FROM sections WHERE course_id = ? ORDER BY display_order, seq',
  );
  const nextOrder = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(display_order) + 1, 0) AS next FROM sections WHERE course_id = ?',
  );
  const setOrder = db.prepare<[number, string]>(
    'UPDATE sections SET display_order = ? WHERE id = ?',
  );

  return {
    insert: (row: SectionColumns) => void insert.run(row),
    update: (row: SectionColumns) => void update.run(row),
    findByIds(companyId: string, ids: readonly string[]): Map<string, SectionColumns> {
      if (ids.length === 0) return new Map();
      return new Map(
        byIds.all(companyId, jsonList(ids)).map(({ seq: _seq, ...row }) => [row.id, row]),
      );
    },
    nextOrder: (courseId: string) => nextOrder.get(courseId)?.next ?? 0,
    /** Ids of a course's sections in display order. */
    idsOfCourse: (courseId: string) => idsOfCourse.all(courseId).map((r) => r.id),
    /** Writes 0..n-1 in the given order. */
    renumber(ids: readonly string[]) {
      ids.forEach((id, index) => setOrder.run(index, id));
    },
  };
}
export type SectionRepository = ReturnType<typeof createSectionRepository>;
