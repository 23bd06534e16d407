// Approvals in progress (review before publishing, issue 23): while a publish request is 'approving', one
// row names the server sending its publish and when that server last began a write (`touched_at`). A
// request left 'approving' by a server that stopped is finished by the schedules leader (its own server
// at once on restart, another once no write begun then can still be in flight); the row goes when the
// request settles. Its own table: publish_requests is made by a later-named migration.
import type { Engine } from '../schema.ts';
import { BIGINT, notNull, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('publish_approvals')
    .addColumn('request_id', 'text', (column) => column.primaryKey())
    .addColumn('server', 'text', notNull)
    .addColumn('token', 'text', notNull)
    .addColumn('touched_at', BIGINT, notNull)
    .execute();
}
