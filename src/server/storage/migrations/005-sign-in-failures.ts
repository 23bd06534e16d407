// The per-email sign-in limit counts unsuccessful attempts in a sliding window, so that it always stops
// before the learning instance's own lockout (a token bucket lets a burst plus its refill through). One
// row per email: the times of its recent attempts that did not succeed, oldest first (JSON array).
import type { Engine } from '../schema.ts';
import { BIGINT, notNull, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('attempts', 'text', notNull)
    .addColumn('updated_at', BIGINT, notNull)
    .execute();
  await db.schema
    .createIndex('sign_in_failures_updated')
    .on('sign_in_failures')
    .column('updated_at')
    .execute();
}
