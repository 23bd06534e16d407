// Course completion criteria. Those declared by a topic's `courseCompletionCriteria` carry the
// declaring topic's id in `fields.carrierTopicId`, so an update of that topic can replace them.
import type { Db } from './database.ts';
import type { CompletionCriterionRow } from './records.ts';

export type CompletionCriterionColumns = Omit<CompletionCriterionRow, 'seq'>;

export function createCompletionCriteriaRepository(db: Db) {
  const insert = db.prepare<[CompletionCriterionColumns]>(
    `INSERT INTO completion_criteria (id, company_id, course_id, topic_id, type, fields)
     VALUES (@id, @company_id, @course_id, @topic_id, @type, @fields)`,
  );
  const deleteCarried = db.prepare<[string, string]>(
    `DELETE FROM completion_criteria WHERE course_id = ? AND json_extract(fields, '$.carrierTopicId') = ?`,
  );
  const deleteVideoPercent = db.prepare<[string]>(
    `DELETE FROM completion_criteria WHERE topic_id = ? AND type = 'videoPercentViewed'`,
  );
  const carried = (topicIds: string) =>
    db.prepare<[string, string]>(
      `UPDATE completion_criteria SET course_id = ?
        WHERE json_extract(fields, '$.carrierTopicId') IN (${topicIds})`,
    );
  const moveOfTopic = carried('?');
  const moveOfLesson = carried('SELECT id FROM topics WHERE lesson_id = ?');
  const moveOfSection = carried(
    'SELECT t.id FROM topics t JOIN lessons l ON l.id = t.lesson_id WHERE l.section_id = ?',
  );

  return {
    insert: (row: CompletionCriterionColumns) => void insert.run(row),
    deleteCarriedBy: (courseId: string, topicId: string) =>
      void deleteCarried.run(courseId, topicId),
    /** Alternate-provider videos cannot report a viewed share (spec 2.5). */
    deleteVideoPercentFor: (topicId: string) => void deleteVideoPercent.run(topicId),
    /** Criteria declared by moved topics follow them to their new course. */
    moveCarriedOfTopic: (topicId: string, courseId: string) =>
      void moveOfTopic.run(courseId, topicId),
    moveCarriedOfLesson: (lessonId: string, courseId: string) =>
      void moveOfLesson.run(courseId, lessonId),
    moveCarriedOfSection: (sectionId: string, courseId: string) =>
      void moveOfSection.run(courseId, sectionId),
  };
}
export type CompletionCriteriaRepository = ReturnType<typeof createCompletionCriteriaRepository>;
