// The learner page's summary kept at insert time (storage/learner-aggregates.ts): per learner, a row per
// kind, course and learning path of their events, and their latest identity. The backfill folds every
// stored event with the relay's own code, a batch of events at a time in seq order: on a large history
// it takes a while at the first start of this version (20 to 26 minutes per 1,000,000 events on a
// 2-CPU machine at load 25 to 35; docs/development/benchmarks.md, "Learner page").
import { sql } from 'kysely';
import { rebuildAggregates } from '../learner-aggregates.ts';
import type { Db, Engine } from '../schema.ts';
import { BIGINT, DOUBLE, notNull, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await db.schema
    .createTable('relay_learner_items')
    .addColumn('learner_id', 'text', notNull)
    .addColumn('item_type', 'text', notNull)
    .addColumn('item_id', 'text', notNull)
    .addColumn('events', BIGINT, notNull)
    .addColumn('first_seq', BIGINT, notNull)
    .addColumn('first_at', BIGINT, notNull)
    .addColumn('last_at', BIGINT, notNull)
    .addColumn('last_seq', BIGINT, notNull)
    .addColumn('enrolled_at', BIGINT)
    .addColumn('started_at', BIGINT)
    .addColumn('completed_at', BIGINT)
    .addColumn('certificate_at', BIGINT)
    .addColumn('progress', DOUBLE)
    .addColumn('progress_seq', BIGINT)
    .addColumn('title', 'text')
    .addColumn('title_seq', BIGINT)
    .addPrimaryKeyConstraint('relay_learner_items_pk', ['learner_id', 'item_type', 'item_id'])
    // SQLite: the rows kept in the primary key's B-tree, not beside it (the key is most of a row).
    .$call((table) => (engine === 'sqlite' ? table.modifyEnd(sql`WITHOUT ROWID`) : table))
    .execute();
  await db.schema
    .createTable('relay_learners')
    .addColumn('learner_id', 'text', (column) => column.primaryKey())
    .addColumn('identity', 'text')
    .addColumn('identity_at', BIGINT)
    .addColumn('identity_seq', BIGINT)
    .execute();
  await rebuildAggregates(db as unknown as Db, null);
}
