// POST /content/certificate-templates/bulk and /bulk/update. Templates name the courses they apply
// to; those must be the caller's. All items are checked before anything is written.
import { randomUUID } from 'node:crypto';
import type { z } from '#contract/zod.ts';
import {
  MESSAGES,
  READ_MESSAGES,
  type CertificateTemplate,
  type CertificateTemplateCreate,
  type CertificateTemplateUpdate,
} from '#contract/index.ts';
import type { SandboxDeps } from '../../deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { parseJson } from '../../storage/database.ts';
import { createBulkQueries, type CertificateTemplateRow } from '../../storage/bulk-queries.ts';
import { createCourseRepository } from '../../storage/course-repository.ts';
import { duplicatesOf } from './bulk-price-service.ts';

type TemplateCreate = z.output<typeof CertificateTemplateCreate>;
type TemplateUpdate = z.output<typeof CertificateTemplateUpdate>;

export const toCertificateTemplate = (
  row: CertificateTemplateRow,
): z.output<typeof CertificateTemplate> => ({
  id: row.id,
  name: row.name,
  orientation: row.orientation as 'landscape' | 'portrait',
  body: row.body,
  courseIds: parseJson<string[]>(row.course_ids, []),
});

export function createCertificateTemplateService(deps: SandboxDeps) {
  const queries = createBulkQueries(deps.db);
  const courses = createCourseRepository(deps.db);

  const missingCourses = (companyId: string, lists: readonly (readonly string[] | undefined)[]) => {
    const ids = [...new Set(lists.flatMap((list) => list ?? []))];
    const found = courses.findByIds(companyId, ids);
    return ids.some((id) => !found.has(id));
  };
  const write = deps.db.transaction((rows: readonly CertificateTemplateRow[], insert: boolean) => {
    for (const row of rows) (insert ? queries.insertTemplate : queries.updateTemplate)(row);
  });

  return {
    create(companyId: string, items: readonly TemplateCreate[]) {
      if (
        missingCourses(
          companyId,
          items.map((item) => item.courseIds),
        )
      )
        throw new ValidationError([MESSAGES.coursesNotFound]);
      const at = new Date(deps.now()).toISOString();
      const rows = items.map((item): CertificateTemplateRow => ({
        id: randomUUID(),
        company_id: companyId,
        name: item.name,
        orientation: item.orientation,
        body: item.body,
        course_ids: JSON.stringify(item.courseIds),
        created_at: at,
        updated_at: at,
      }));
      write(rows, true);
      return { certificateTemplates: rows.map(toCertificateTemplate) };
    },

    update(companyId: string, items: readonly TemplateUpdate[]) {
      const ids = items.map((item) => item.id);
      const errors: string[] = [];
      const repeated = duplicatesOf(ids);
      if (repeated.length > 0) errors.push(READ_MESSAGES.duplicateItems('id', repeated));
      const existing = queries.templatesByIds(companyId, ids);
      const missing = ids.filter((id) => !existing.has(id));
      if (missing.length > 0) errors.push(READ_MESSAGES.certificateTemplatesNotFound(missing));
      if (
        missingCourses(
          companyId,
          items.map((item) => item.courseIds),
        )
      )
        errors.push(MESSAGES.coursesNotFound);
      if (errors.length > 0) throw new ValidationError(errors);
      const at = new Date(deps.now()).toISOString();
      const rows = items.map((item): CertificateTemplateRow => {
        const row = existing.get(item.id)!;
        return {
          ...row,
          name: item.name ?? row.name,
          orientation: item.orientation ?? row.orientation,
          body: item.body ?? row.body,
          course_ids: item.courseIds ? JSON.stringify(item.courseIds) : row.course_ids,
          updated_at: at,
        };
      });
      write(rows, false);
      return { certificateTemplates: rows.map(toCertificateTemplate) };
    },
  };
}
