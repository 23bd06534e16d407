// Several console servers on one database: sign-in limits move from process memory into a table, audit
// rows name the server that wrote them, the relay leader publishes each kind's state and next poll so
// every server can show it, and sessions stop keeping the learner token (never used after sign-in).
import type { Engine } from '../schema.ts';
import { BIGINT, DOUBLE, notNull, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('sign_in_buckets')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('tokens', DOUBLE, notNull)
    .addColumn('updated_at', BIGINT, notNull)
    .execute();
  await db.schema
    .createIndex('sign_in_buckets_updated')
    .on('sign_in_buckets')
    .column('updated_at')
    .execute();

  await db.schema.alterTable('audit_log').addColumn('server_name', 'text').execute();
  await db.schema.alterTable('relay_kinds').addColumn('state', 'text').execute();
  await db.schema.alterTable('relay_kinds').addColumn('next_poll_at', BIGINT).execute();
  await db.schema.alterTable('sessions').dropColumn('learner_token').execute();
}
