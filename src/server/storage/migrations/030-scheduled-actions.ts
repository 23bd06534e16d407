// Scheduled actions (issue 23): one row per publish, unpublish, archive or restore an admin scheduled.
// The server holding the schedules lease claims a due row (state 'running', its name and a run token)
// before it calls the instance, and settles it after; `run_token` makes the settle conditional, so a
// server that lost the lease mid-run cannot overwrite the run its successor finished. `touched_at` is
// when its runner last began a write: a run left unsettled is taken over only once a write begun then
// can no longer be in flight.
import type { Engine } from '../schema.ts';
import { BIGINT, notNull, withSeq, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await withSeq(db.schema.createTable('scheduled_actions'), engine)
    .addColumn('id', 'text', (column) => column.notNull().unique())
    .addColumn('target_type', 'text', notNull)
    .addColumn('target_id', 'text', notNull)
    .addColumn('target_title', 'text', notNull)
    .addColumn('group_id', 'text')
    .addColumn('action', 'text', notNull)
    .addColumn('run_at', BIGINT, notNull)
    .addColumn('time_zone', 'text', notNull)
    .addColumn('note', 'text')
    .addColumn('state', 'text', (column) => column.notNull().defaultTo('scheduled'))
    .addColumn('created_by', 'text', notNull)
    .addColumn('created_at', BIGINT, notNull)
    .addColumn('cancelled_by', 'text')
    .addColumn('cancelled_at', BIGINT)
    .addColumn('run_by', 'text')
    .addColumn('run_token', 'text')
    .addColumn('started_at', BIGINT)
    .addColumn('touched_at', BIGINT)
    .addColumn('finished_at', BIGINT)
    .addColumn('ran_late', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('resumed', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('outcome', 'text')
    .addColumn('results', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('scheduled_actions_due')
    .on('scheduled_actions')
    .columns(['state', 'run_at', 'seq'])
    .execute();
  await db.schema
    .createIndex('scheduled_actions_group')
    .on('scheduled_actions')
    .column('group_id')
    .execute();
  await db.schema
    .createIndex('scheduled_actions_target')
    .on('scheduled_actions')
    .column('target_id')
    .execute();
}
