// Saved views (contract: saved-views.ts): a screen's URL search state under a name, private or shared
// with one role, and each person's pins. `name_key` is the name in lower case, so "Failed quizzes" and
// "failed quizzes" are one name for an owner on a screen, on both engines.
import { sql } from 'kysely';
import type { Engine } from '../schema.ts';
import { BIGINT, notNull, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('screen', 'text', (column) =>
      column.notNull().check(sql`screen IN ('eventMonitor', 'courseGroups', 'auditLog')`),
    )
    .addColumn('name', 'text', notNull)
    .addColumn('name_key', 'text', notNull)
    /** JSON object: the screen's URL search parameters. */
    .addColumn('search', 'text', notNull)
    .addColumn('owner_email', 'text', notNull)
    .addColumn('shared_with', 'text', (column) =>
      column.check(sql`shared_with IN ('admin', 'contentManager', 'support')`),
    )
    .addColumn('version', 'integer', notNull)
    .addColumn('created_at', BIGINT, notNull)
    .addColumn('updated_at', BIGINT, notNull)
    .addColumn('updated_by', 'text', notNull)
    .addUniqueConstraint('saved_views_owner_name', ['screen', 'owner_email', 'name_key'])
    .execute();
  await db.schema
    .createIndex('saved_views_shared')
    .on('saved_views')
    .columns(['shared_with', 'screen'])
    .execute();

  await db.schema
    .createTable('saved_view_pins')
    .addColumn('view_id', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('pinned_at', BIGINT, notNull)
    .addPrimaryKeyConstraint('saved_view_pins_pk', ['view_id', 'email'])
    .execute();
  await db.schema
    .createIndex('saved_view_pins_email')
    .on('saved_view_pins')
    .column('email')
    .execute();
}
