// Topics (pages) of a lesson, kept in a dense 0-based display order per lesson. Content fields live
// in the `fields` JSON column (see records.ts StoredTopicFields).
import type { Db } from './database.ts';
import type { TopicRow } from './records.ts';
import { IN_JSON_LIST, jsonList } from './sql-helpers.ts';

export type TopicColumns = Omit<TopicRow, 'seq'>;

export function createTopicRepository(db: Db) {
  const insert = db.prepare<[TopicColumns]>(
    `INSERT INTO topics (id, company_id, course_id, lesson_id, title, type, display_order, fields)
     VALUES (@id, @company_id, @course_id, @lesson_id, @title, @type, @display_order, @fields)`,
  );
  const update = db.prepare<[TopicColumns]>(
    `UPDATE topics SET course_id = @course_id, lesson_id = @lesson_id, title = @title, type = @type,
       display_order = @display_order, fields = @fields WHERE id = @id AND company_id = @company_id`,
  );
  const byIds = db.prepare<[string, string], TopicRow>(
    `SELECT * FROM topics WHERE company_id = ? AND id ${IN_JSON_LIST}`,
  );
  const typesByIds = db.prepare<[string, string], { id: string; type: string }>(
    `SELECT id, type FROM topics WHERE company_id = ? AND id ${IN_JSON_LIST}`,
  );
  const idsOfLesson = db.prepare<[string], { id: string }>(
    'SELECT id FROM topics WHERE lesson_id = ? ORDER BY display_order, seq',
  );
  const nextOrder = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(display_order) + 1, 0) AS next FROM topics WHERE lesson_id = ?',
  );
  const setOrder = db.prepare<[number, string]>('UPDATE topics SET display_order = ? WHERE id = ?');
  const moveLessonToCourse = db.prepare<[string, string]>(
    'UPDATE topics SET course_id = ? WHERE lesson_id = ?',
  );
  const moveSectionToCourse = db.prepare<[string, string]>(
    'UPDATE topics SET course_id = ? WHERE lesson_id IN (SELECT id FROM lessons WHERE section_id = ?)',
  );

  return {
    insert: (row: TopicColumns) => void insert.run(row),
    update: (row: TopicColumns) => void update.run(row),
    findByIds(companyId: string, ids: readonly string[]): Map<string, TopicColumns> {
      if (ids.length === 0) return new Map();
      return new Map(
        byIds.all(companyId, jsonList(ids)).map(({ seq: _seq, ...row }) => [row.id, row]),
      );
    },
    /** Stored types of the company's topics among `ids`. */
    typesByIds(companyId: string, ids: readonly string[]): Map<string, string> {
      if (ids.length === 0) return new Map();
      return new Map(typesByIds.all(companyId, jsonList(ids)).map((r) => [r.id, r.type]));
    },
    nextOrder: (lessonId: string) => nextOrder.get(lessonId)?.next ?? 0,
    idsOfLesson: (lessonId: string) => idsOfLesson.all(lessonId).map((r) => r.id),
    renumber(ids: readonly string[]) {
      ids.forEach((id, index) => setOrder.run(index, id));
    },
    moveLessonToCourse: (lessonId: string, courseId: string) =>
      void moveLessonToCourse.run(courseId, lessonId),
    moveSectionToCourse: (sectionId: string, courseId: string) =>
      void moveSectionToCourse.run(courseId, sectionId),
  };
}
export type TopicRepository = ReturnType<typeof createTopicRepository>;
