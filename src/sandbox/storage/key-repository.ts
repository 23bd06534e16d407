// Permissioned API keys (spec 5.4, 5.5), managed through `/sandbox/keys`.
import type { Db } from './database.ts';

export function createKeyRepository(db: Db) {
  const insert = db.prepare<[string, string, string, string]>(
    'INSERT INTO api_keys (key, company_id, permissions, created_at) VALUES (?, ?, ?, ?)',
  );
  const revoke = db.prepare<[string, string, string]>(
    'UPDATE api_keys SET revoked_at = ? WHERE key = ? AND company_id = ? AND revoked_at IS NULL',
  );

  return {
    insert: (key: string, companyId: string, permissions: readonly string[], at: string) =>
      void insert.run(key, companyId, JSON.stringify(permissions), at),
    /** False when the key is unknown, another company's, or already revoked. */
    revoke: (companyId: string, key: string, at: string) =>
      revoke.run(at, key, companyId).changes > 0,
  };
}
export type KeyRepository = ReturnType<typeof createKeyRepository>;
