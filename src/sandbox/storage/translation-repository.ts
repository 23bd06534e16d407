// Stored translations: one row per item and language, `units` maps a unit id to its target text.
import { nowIso, parseJson, type Db } from './database.ts';

export function createTranslationRepository(db: Db) {
  const select = db.prepare<[string, string, string, string], { units: string }>(
    `SELECT units FROM translations
      WHERE company_id = ? AND content_type = ? AND content_id = ? AND language = ?`,
  );
  const upsert = db.prepare<[string, string, string, string, string, string]>(
    `INSERT INTO translations (company_id, content_type, content_id, language, units, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (company_id, content_type, content_id, language)
     DO UPDATE SET units = excluded.units, updated_at = excluded.updated_at`,
  );
  const get = (companyId: string, type: string, id: string, language: string) =>
    parseJson<Record<string, string>>(select.get(companyId, type, id, language)?.units, {});

  return {
    get,
    /** Merges `targets` into what is stored for the language (new values win). */
    merge(
      companyId: string,
      type: string,
      id: string,
      language: string,
      targets: Record<string, string>,
    ) {
      const merged = { ...get(companyId, type, id, language), ...targets };
      upsert.run(companyId, type, id, language, JSON.stringify(merged), nowIso());
    },
  };
}
