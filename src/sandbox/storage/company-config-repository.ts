// Company configuration and references that create/update validate against: ribbons, content types,
// learning paths, and the company row itself (API access switch).
import type { Db } from './database.ts';
import { IN_JSON_LIST, jsonList } from './sql-helpers.ts';

export function createCompanyConfigRepository(db: Db) {
  const ribbon = db.prepare<[string, string], { slug: string }>(
    'SELECT slug FROM ribbons WHERE company_id = ? AND slug = ?',
  );
  const contentType = db.prepare<[string, string], { slug: string }>(
    'SELECT slug FROM content_types WHERE company_id = ? AND slug = ?',
  );
  const learningPaths = db.prepare<[string, string], { id: string }>(
    `SELECT id FROM learning_paths WHERE company_id = ? AND id ${IN_JSON_LIST}`,
  );
  const apiAccess = db.prepare<[number, string]>(
    'UPDATE companies SET api_access_enabled = ? WHERE id = ?',
  );
  const company = db.prepare<[string], { api_access_enabled: number }>(
    'SELECT api_access_enabled FROM companies WHERE id = ?',
  );

  return {
    ribbonExists: (companyId: string, slug: string) => ribbon.get(companyId, slug) !== undefined,
    contentTypeExists: (companyId: string, slug: string) =>
      contentType.get(companyId, slug) !== undefined,
    /** Ids among `ids` that are not learning paths of the company. */
    missingLearningPaths(companyId: string, ids: readonly string[]): string[] {
      if (ids.length === 0) return [];
      const found = new Set(learningPaths.all(companyId, jsonList(ids)).map((r) => r.id));
      return ids.filter((id) => !found.has(id));
    },
    setApiAccess: (companyId: string, enabled: boolean) =>
      void apiAccess.run(enabled ? 1 : 0, companyId),
    apiAccessEnabled: (companyId: string) => company.get(companyId)?.api_access_enabled === 1,
  };
}
export type CompanyConfigRepository = ReturnType<typeof createCompanyConfigRepository>;
