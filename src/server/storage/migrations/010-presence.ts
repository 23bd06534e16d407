// Presence and edit leases (issue 22): one row per browser tab that has a course open in the editor,
// refreshed by its heartbeat and swept once it expires; one row per course whose lease a tab took,
// valid while that tab is present, with how the last lease ended (taken over, ended by an admin) so
// that its holder can be told.
import type { Engine } from '../schema.ts';
import { BIGINT, notNull, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('editor_presence')
    .addColumn('tab_id', 'text', (column) => column.primaryKey())
    .addColumn('course_id', 'text', notNull)
    .addColumn('browser_id', 'text', notNull)
    .addColumn('load_id', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('opened_at', BIGINT, notNull)
    .addColumn('seen_at', BIGINT, notNull)
    .execute();
  await db.schema
    .createIndex('editor_presence_course')
    .on('editor_presence')
    .column('course_id')
    .execute();
  await db.schema
    .createIndex('editor_presence_seen')
    .on('editor_presence')
    .column('seen_at')
    .execute();

  await db.schema
    .createTable('edit_leases')
    .addColumn('course_id', 'text', (column) => column.primaryKey())
    .addColumn('tab_id', 'text')
    .addColumn('browser_id', 'text')
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('taken_at', BIGINT)
    .addColumn('ended_tab_id', 'text')
    .addColumn('ended_email', 'text')
    .addColumn('ended_how', 'text')
    .addColumn('ended_by_email', 'text')
    .addColumn('ended_by_name', 'text')
    .addColumn('ended_at', BIGINT)
    .addColumn('updated_at', BIGINT, notNull)
    .execute();
  await db.schema
    .createIndex('edit_leases_updated')
    .on('edit_leases')
    .column('updated_at')
    .execute();
}
