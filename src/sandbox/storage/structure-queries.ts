// Read queries for the inside of a course: sections, lessons, topics, completion criteria. Lists are
// ordered the way learners see them (section order, then lesson order, then topic order); `seq`
// breaks ties so every keyset is unique.
import type { CursorCodec } from '../lib/cursor.ts';
import type { Db } from './database.ts';
import { keysetPage, type KeysetPage, type PageRequest } from './keyset-pagination.ts';
import type { CompletionCriterionRow, LessonRow, SectionRow, TopicRow } from './records.ts';

/** Lesson rows of flattened lists carry their section's sort key for the cursor. */
type LessonListRow = LessonRow & { k_section_order: number; k_section_seq: number };
type TopicListRow = TopicRow & {
  k_section_order: number;
  k_section_seq: number;
  k_lesson_order: number;
  k_lesson_seq: number;
};

export function createStructureQueries(db: Db, codec: CursorCodec) {
  const sectionById = db.prepare<[string, string], SectionRow>(
    'SELECT * FROM sections WHERE company_id = ? AND id = ?',
  );
  const lessonById = db.prepare<[string, string], LessonRow>(
    'SELECT * FROM lessons WHERE company_id = ? AND id = ?',
  );
  const topicById = db.prepare<[string, string], TopicRow>(
    'SELECT * FROM topics WHERE company_id = ? AND id = ?',
  );
  const sectionsOfCourse = db.prepare<[string], SectionRow>(
    'SELECT * FROM sections WHERE course_id = ? ORDER BY display_order, seq',
  );
  const lessonsOfCourse = db.prepare<[string], LessonRow>(
    'SELECT * FROM lessons WHERE course_id = ? ORDER BY display_order, seq',
  );
  const topicsOfCourse = db.prepare<[string], TopicRow>(
    'SELECT * FROM topics WHERE course_id = ? ORDER BY display_order, seq',
  );
  const criteriaOfCourse = db.prepare<[string], CompletionCriterionRow>(
    'SELECT * FROM completion_criteria WHERE course_id = ? ORDER BY seq',
  );

  return {
    section: (companyId: string, id: string) => sectionById.get(companyId, id),
    lesson: (companyId: string, id: string) => lessonById.get(companyId, id),
    topic: (companyId: string, id: string) => topicById.get(companyId, id),
    /** The whole tree of a course in three queries; the caller nests them. */
    treeOfCourse: (courseId: string) => ({
      sections: sectionsOfCourse.all(courseId),
      lessons: lessonsOfCourse.all(courseId),
      topics: topicsOfCourse.all(courseId),
    }),
    criteriaOfCourse: (courseId: string) => criteriaOfCourse.all(courseId),

    sectionsPage(courseId: string, page: PageRequest): KeysetPage<SectionRow> {
      return keysetPage<SectionRow>(
        db,
        codec,
        {
          scope: `sections|course|${courseId}`,
          selectFrom: 'SELECT s.* FROM sections s',
          countFrom: 'FROM sections s',
          where: 'WHERE s.course_id = ?',
          params: [courseId],
          orderBy: ['s.display_order', 's.seq'],
          keyOf: (row) => [row.display_order, row.seq],
        },
        page,
      );
    },

    lessonsPage(parent: 'course' | 'section', parentId: string, page: PageRequest) {
      return keysetPage<LessonListRow>(
        db,
        codec,
        {
          scope: `lessons|${parent}|${parentId}`,
          selectFrom: `SELECT l.*, s.display_order AS k_section_order, s.seq AS k_section_seq
                         FROM lessons l JOIN sections s ON s.id = l.section_id`,
          countFrom: 'FROM lessons l',
          where: parent === 'course' ? 'WHERE l.course_id = ?' : 'WHERE l.section_id = ?',
          params: [parentId],
          orderBy: ['s.display_order', 's.seq', 'l.display_order', 'l.seq'],
          keyOf: (row) => [row.k_section_order, row.k_section_seq, row.display_order, row.seq],
        },
        page,
      );
    },

    topicsPage(parent: 'course' | 'lesson', parentId: string, page: PageRequest) {
      return keysetPage<TopicListRow>(
        db,
        codec,
        {
          scope: `topics|${parent}|${parentId}`,
          selectFrom: `SELECT t.*, s.display_order AS k_section_order, s.seq AS k_section_seq,
                              l.display_order AS k_lesson_order, l.seq AS k_lesson_seq
                         FROM topics t JOIN lessons l ON l.id = t.lesson_id
                         JOIN sections s ON s.id = l.section_id`,
          countFrom: 'FROM topics t',
          where: parent === 'course' ? 'WHERE t.course_id = ?' : 'WHERE t.lesson_id = ?',
          params: [parentId],
          orderBy: [
            's.display_order',
            's.seq',
            'l.display_order',
            'l.seq',
            't.display_order',
            't.seq',
          ],
          keyOf: (row) => [
            row.k_section_order,
            row.k_section_seq,
            row.k_lesson_order,
            row.k_lesson_seq,
            row.display_order,
            row.seq,
          ],
        },
        page,
      );
    },
  };
}

export type StructureQueries = ReturnType<typeof createStructureQueries>;
