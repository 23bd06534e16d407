// Course history (docs/decisions/course-history.md): one row per version of a course, the course as read
// before the change and after it, each stored compressed as a whole or as the difference from the state
// before it (history/snapshot-codec.ts); and which course each section, lesson, topic and completion
// criterion belongs to, so a call that names only those can be put on its course without a read.
import type { Engine } from '../schema.ts';
import { BIGINT, notNull, withSeq, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  const bytes = engine === 'postgres' ? 'bytea' : 'blob';
  await withSeq(db.schema.createTable('course_versions'), engine)
    .addColumn('course_id', 'text', notNull)
    .addColumn('number', 'integer', notNull)
    .addColumn('course_group_id', 'text', notNull)
    .addColumn('at', BIGINT, notNull)
    .addColumn('user_email', 'text')
    .addColumn('server_name', 'text')
    .addColumn('kinds', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('counts', 'text', notNull)
    .addColumn('translation', 'text')
    .addColumn('drift', 'integer', notNull)
    .addColumn('audit_seqs', 'text', notNull)
    .addColumn('before_data', bytes)
    .addColumn('after_data', bytes, notNull)
    .addColumn('chain_start', 'integer', notNull)
    .addColumn('chain_length', 'integer', notNull)
    .addColumn('chain_bytes', 'integer', notNull)
    .addColumn('full_bytes', 'integer', notNull)
    .addUniqueConstraint('course_versions_number', ['course_id', 'number'])
    .execute();
  await db.schema
    .createIndex('course_versions_status')
    .on('course_versions')
    .columns(['course_id', 'status', 'number'])
    .execute();

  await db.schema
    .createTable('course_nodes')
    .addColumn('node_id', 'text', (column) => column.primaryKey())
    .addColumn('course_id', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .execute();
}
