// The courses, groups and learning paths a call touched: JSON [{ type, id, title }] (audit/subjects.ts).
import type { Engine } from '../schema.ts';
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('subjects', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
}
