// Review before publishing (issue 23): one row per request a content manager made to publish a course.
// `version` is the course's latest history version when the request was made (staleness and "what
// changed" are read against it); `checks_report` is the course checks report of that version as JSON,
// null when none was available. `state` leaves 'pending' once, by a conditional update.
import type { Engine } from '../schema.ts';
import { BIGINT, notNull, withSeq, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await withSeq(db.schema.createTable('publish_requests'), engine)
    .addColumn('id', 'text', (column) => column.notNull().unique())
    .addColumn('course_id', 'text', notNull)
    .addColumn('group_id', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('note', 'text', notNull)
    .addColumn('state', 'text', (column) => column.notNull().defaultTo('pending'))
    .addColumn('requested_by', 'text', notNull)
    .addColumn('requested_at', BIGINT, notNull)
    .addColumn('version', 'integer')
    .addColumn('checks_report', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', BIGINT)
    .addColumn('comment', 'text')
    .addColumn('outcome', 'text')
    .execute();
  await db.schema
    .createIndex('publish_requests_state')
    .on('publish_requests')
    .columns(['state', 'seq'])
    .execute();
  await db.schema
    .createIndex('publish_requests_course')
    .on('publish_requests')
    .column('course_id')
    .execute();
}
