// Course checks (issue 24): the latest check of each course, shared by every console server, so that one
// check runs per course however many servers are asked, and any of them answers its report. A running
// row whose heartbeat stopped (its server died) may be taken over.
import type { Engine } from '../schema.ts';
import { BIGINT, notNull, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('course_check_runs')
    .addColumn('course_id', 'text', (column) => column.primaryKey())
    .addColumn('version', 'text', notNull)
    /** running, done or failed. */
    .addColumn('state', 'text', notNull)
    .addColumn('run_id', 'text', notNull)
    .addColumn('server_name', 'text', notNull)
    .addColumn('started_at', BIGINT, notNull)
    .addColumn('beat_at', BIGINT, notNull)
    .addColumn('links_distinct', 'integer', notNull)
    .addColumn('links_done', 'integer', notNull)
    .addColumn('finished_at', BIGINT)
    /** The report (JSON, the contract's CourseCheckReport) once done. */
    .addColumn('report', 'text')
    .addColumn('failure', 'text')
    .execute();
}
