// Review before publishing a whole course group (issue 23): a request's target is a course or a group
// (`target_type`); a group request has no course (`course_id` null) and keeps the group's courses as
// asked, with each one's history version (`courses`, JSON [{ courseId, title, version }]). Versions are
// found by group and time, to mark a group request stale when a course joined or the group changed.
import { sql } from 'kysely';
import type { Engine } from '../schema.ts';
import type { MigrationDb } from './column-types.ts';
import { rebuildSqliteTable } from './sqlite-rebuild.ts';

const TARGETS = "target_type IN ('course', 'group')";
const COURSE_ID_NOT_NULL = /"course_id" text not null/i;

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('publish_requests')
    .addColumn('target_type', 'text', (column) =>
      column.notNull().defaultTo('course').check(sql.raw(TARGETS)),
    )
    .execute();
  await db.schema.alterTable('publish_requests').addColumn('courses', 'text').execute();
  if (engine === 'postgres')
    await sql`ALTER TABLE publish_requests ALTER COLUMN course_id DROP NOT NULL`.execute(db);
  else
    await rebuildSqliteTable(db, 'publish_requests', (ddl) => {
      if (!COURSE_ID_NOT_NULL.test(ddl)) throw new Error(`publish_requests: course_id in ${ddl}`);
      return ddl.replace(COURSE_ID_NOT_NULL, '"course_id" text');
    });
  await db.schema
    .createIndex('publish_requests_group')
    .on('publish_requests')
    .columns(['group_id', 'target_type'])
    .execute();
  await db.schema
    .createIndex('course_versions_group')
    .on('course_versions')
    .columns(['course_group_id', 'at'])
    .execute();
}
