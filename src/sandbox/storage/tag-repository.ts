// Tags: created through the management API (and seeds); create/update only reference them.
import type { Db } from './database.ts';
import type { TagRow } from './records.ts';
import { IN_JSON_LIST, jsonList } from './sql-helpers.ts';

export type TagOwnership = 'ok' | 'notFound' | 'foreign';

export function createTagRepository(db: Db) {
  const insert = db.prepare<[string, string, string, string]>(
    `INSERT INTO tags (id, seq, company_id, name, created_at)
     VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM tags), ?, ?, ?)`,
  );
  const owners = db.prepare<[string], { id: string; company_id: string }>(
    `SELECT id, company_id FROM tags WHERE id ${IN_JSON_LIST}`,
  );
  const byId = db.prepare<[string], TagRow>('SELECT * FROM tags WHERE id = ?');

  return {
    insert(id: string, companyId: string, name: string, at: string): TagRow {
      insert.run(id, companyId, name, at);
      return byId.get(id)!;
    },
    /** Unknown ids win over foreign ones: a request naming both is told about the unknown ones. */
    ownership(companyId: string, ids: readonly string[]): TagOwnership {
      if (ids.length === 0) return 'ok';
      const found = new Map(owners.all(jsonList(ids)).map((r) => [r.id, r.company_id]));
      if (ids.some((id) => !found.has(id))) return 'notFound';
      if (ids.some((id) => found.get(id) !== companyId)) return 'foreign';
      return 'ok';
    },
  };
}
export type TagRepository = ReturnType<typeof createTagRepository>;
