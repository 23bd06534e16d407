// Lessons (units) of a section, kept in a dense 0-based display order per section.
import type { Db } from './database.ts';
import type { LessonRow } from './records.ts';
import { IN_JSON_LIST, jsonList } from './sql-helpers.ts';

export type LessonColumns = Omit<LessonRow, 'seq'>;

export function createLessonRepository(db: Db) {
  const insert = db.prepare<[LessonColumns]>(
    `INSERT INTO lessons (id, company_id, course_id, section_id, title, open_type, display_order)
     VALUES (@id, @company_id, @course_id, @section_id, @title, @open_type, @display_order)`,
  );
  const update = db.prepare<[LessonColumns]>(
    `UPDATE lessons SET course_id = @course_id, section_id = @section_id, title = @title,
       open_type = @open_type, display_order = @display_order WHERE id = @id AND company_id = @company_id`,
  );
  const byIds = db.prepare<[string, string], LessonRow>(
    `SELECT * FROM lessons WHERE company_id = ? AND id ${IN_JSON_LIST}`,
  );
  const idsOfSection = db.prepare<[string], { id: string }>(
    'SELECT id FROM lessons WHERE section_id = ? ORDER BY display_order, seq',
  );
  const nextOrder = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(display_order) + 1, 0) AS next FROM lessons WHERE section_id = ?',
  );
  const setOrder = db.prepare<[number, string]>(
    'UPDATE lessons SET display_order = ? WHERE id = ?',
  );
  const moveSectionToCourse = db.prepare<[string, string]>(
    'UPDATE lessons SET course_id = ? WHERE section_id = ?',
  );

  return {
    insert: (row: LessonColumns) => void insert.run(row),
    update: (row: LessonColumns) => void update.run(row),
    findByIds(companyId: string, ids: readonly string[]): Map<string, LessonColumns> {
      if (ids.length === 0) return new Map();
      return new Map(
        byIds.all(companyId, jsonList(ids)).map(({ seq: _seq, ...row }) => [row.id, row]),
      );
    },
    nextOrder: (sectionId: string) => nextOrder.get(sectionId)?.next ?? 0,
    idsOfSection: (sectionId: string) => idsOfSection.all(sectionId).map((r) => r.id),
    renumber(ids: readonly string[]) {
      ids.forEach((id, index) => setOrder.run(index, id));
    },
    /** A section moved to another course takes its lessons along. */
    moveSectionToCourse: (sectionId: string, courseId: string) =>
      void moveSectionToCourse.run(courseId, sectionId),
  };
}
export type LessonRepository = ReturnType<typeof createLessonRepository>;
