// The titles of courses, topics and learning paths the console has looked up on the instance, shared
// by every user and every console server (names/names-service.ts). A row says what the instance answered: found (with the title), or missing (deleted or never there), until expires_at.
import { sql } from 'kysely';
import type { Engine } from '../schema.ts';
import { BIGINT, notNull, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('name_cache')
    .addColumn('type', 'text', notNull)
    .addColumn('id', 'text', notNull)
    .addColumn('state', 'text', (column) =>
      column.notNull().check(sql`state IN ('found', 'missing')`),
    )
    .addColumn('title', 'text')
    // JSON: a topic's course and type.
    .addColumn('detail', 'text')
    .addColumn('checked_at', BIGINT, notNull)
    .addColumn('expires_at', BIGINT, notNull)
    .addPrimaryKeyConstraint('name_cache_pkey', ['type', 'id'])
    .execute();
  await db.schema.createIndex('name_cache_expiry').on('name_cache').column('expires_at').execute();
}
