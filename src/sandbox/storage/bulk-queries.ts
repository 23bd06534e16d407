// Storage of the bulk endpoints: course prices, completion criteria by id, certificate templates.
import type { Db } from './database.ts';
import type { CompletionCriterionRow } from './records.ts';
import { IN_JSON_LIST, jsonList } from './sql-helpers.ts';

export interface CertificateTemplateRow {
  id: string;
  company_id: string;
  name: string;
  orientation: string;
  body: string;
  course_ids: string;
  created_at: string;
  updated_at: string;
}

export function createBulkQueries(db: Db) {
  const setPrice = db.prepare<[number, string, string, string]>(
    'UPDATE courses SET price_in_cents = ?, updated_at = ? WHERE company_id = ? AND id = ?',
  );
  const criteriaByIds = db.prepare<[string, string], CompletionCriterionRow>(
    `SELECT * FROM completion_criteria WHERE company_id = ? AND id ${IN_JSON_LIST} ORDER BY seq`,
  );
  const updateCriterion = db.prepare<[string, string | null, string, string]>(
    'UPDATE completion_criteria SET type = ?, topic_id = ?, fields = ? WHERE id = ?',
  );
  const topicCourses = db.prepare<[string, string], { id: string; course_id: string }>(
    `SELECT id, course_id FROM topics WHERE company_id = ? AND id ${IN_JSON_LIST}`,
  );
  const insertTemplate = db.prepare<[CertificateTemplateRow]>(
    `INSERT INTO certificate_templates (id, company_id, name, orientation, body, course_ids, created_at, updated_at)
     VALUES (@id, @company_id, @name, @orientation, @body, @course_ids, @created_at, @updated_at)`,
  );
  const updateTemplate = db.prepare<[CertificateTemplateRow]>(
    `UPDATE certificate_templates SET name = @name, orientation = @orientation, body = @body,
       course_ids = @course_ids, updated_at = @updated_at WHERE id = @id AND company_id = @company_id`,
  );
  const templatesByIds = db.prepare<[string, string], CertificateTemplateRow>(
    `SELECT * FROM certificate_templates WHERE company_id = ? AND id ${IN_JSON_LIST}`,
  );

  return {
    setPrice: (companyId: string, courseId: string, priceInCents: number, at: string) =>
      void setPrice.run(priceInCents, at, companyId, courseId),
    criteriaByIds: (companyId: string, ids: readonly string[]) =>
      new Map(criteriaByIds.all(companyId, jsonList(ids)).map((row) => [row.id, row])),
    updateCriterion: (row: Pick<CompletionCriterionRow, 'id' | 'type' | 'topic_id' | 'fields'>) =>
      void updateCriterion.run(row.type, row.topic_id, row.fields, row.id),
    /** Course of each of the company's topics among `ids`. */
    courseOfTopics: (companyId: string, ids: readonly string[]) =>
      new Map(topicCourses.all(companyId, jsonList(ids)).map((row) => [row.id, row.course_id])),
    insertTemplate: (row: CertificateTemplateRow) => void insertTemplate.run(row),
    updateTemplate: (row: CertificateTemplateRow) => void updateTemplate.run(row),
    templatesByIds: (companyId: string, ids: readonly string[]) =>
      new Map(templatesByIds.all(companyId, jsonList(ids)).map((row) => [row.id, row])),
  };
}
