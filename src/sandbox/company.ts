// The sandbox's default company: created on first start with the configured (or a generated) key.
import { randomBytes, randomUUID } from 'node:crypto';
import { nowIso, type Db } from './storage/database.ts';

export interface Company {
  id: string;
  name: string;
  secretKey: string;
}

export function generateSecretKey(): string {
  return `sk_${randomBytes(24).toString('base64url')}`;
}

/** Returns the first company, creating it when the database is new; applies a configured key. */
export function ensureDefaultCompany(
  db: Db,
  configuredKey: string | undefined,
): Company & { created: boolean } {
  const existing = db
    .prepare(
      'SELECT id, name, secret_key AS secretKey FROM companies ORDER BY created_at, rowid LIMIT 1',
    )
    .get() as Company | undefined;
  if (existing) {
    if (configuredKey && configuredKey !== existing.secretKey) {
      db.prepare('UPDATE companies SET secret_key = ? WHERE id = ?').run(
        configuredKey,
        existing.id,
      );
      return { ...existing, secretKey: configuredKey, created: false };
    }
    return { ...existing, created: false };
  }
  return {
    ...createCompany(db, 'Acme Learning', configuredKey ?? generateSecretKey()),
    created: true,
  };
}

export function createCompany(db: Db, name: string, secretKey: string): Company {
  const company = { id: randomUUID(), name, secretKey };
  db.prepare(
    'INSERT INTO companies (id, name, secret_key, api_access_enabled, created_at) VALUES (?, ?, ?, 1, ?)',
  ).run(company.id, name, secretKey, nowIso());
  return company;
}
