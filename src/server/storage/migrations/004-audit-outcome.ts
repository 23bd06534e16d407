// Audit rows are written before a state-changing call takes effect (outcome 'pending') and completed
// once it is answered ('completed'); a row whose server stopped in between says 'unknown'. Until it is
// completed a row has no status and no duration, so those columns become nullable.
import { sql } from 'kysely';
import type { Engine } from '../schema.ts';
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  if (engine === 'postgres')
    await sql`ALTER TABLE audit_log ALTER COLUMN status DROP NOT NULL,
      ALTER COLUMN duration_ms DROP NOT NULL`.execute(db);
  else await dropNotNullOnSqlite(db, 'audit_log', ['status', 'duration_ms']);
  await db.schema
    .alterTable('audit_log')
    .addColumn('outcome', 'text', (column) =>
      column
        .notNull()
        .defaultTo('completed')
        .check(sql`outcome IN ('pending', 'completed', 'unknown')`),
    )
    .execute();
  // Servers look for their own pending rows when they start.
  await db.schema
    .createIndex('audit_pending')
    .on('audit_log')
    .columns(['outcome', 'server_name'])
    .execute();
}

/**
 * SQLite cannot drop a NOT NULL: the table is rebuilt from its own stored definition (whatever columns
 * earlier migrations added), its rows, indexes and AUTOINCREMENT counter kept, in one transaction.
 */
async function dropNotNullOnSqlite(
  db: MigrationDb,
  table: string,
  columns: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const definition = await sql<{ sql: string }>`
      SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ${table}`.execute(trx);
    let ddl = definition.rows[0]!.sql;
    for (const column of columns) {
      const notNull = new RegExp(`([(,]\\s*"?${column}"?\\s+[a-z ]*?)\\s+not\\s+null`, 'i');
      if (!notNull.test(ddl)) throw new Error(`${table}.${column}: NOT NULL not found in ${ddl}`);
      ddl = ddl.replace(notNull, '$1');
    }
    const rebuilt = `${table}_rebuilt`;
    ddl = ddl.replace(
      /^create\s+table\s+(if\s+not\s+exists\s+)?"?\w+"?/i,
      `CREATE TABLE "${rebuilt}"`,
    );
    const indexes = await sql<{ sql: string }>`
      SELECT sql FROM sqlite_master
      WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL`.execute(trx);
    const counter = await sql<{ seq: number }>`
      SELECT seq FROM sqlite_sequence WHERE name = ${table}`.execute(trx);
    await sql.raw(ddl).execute(trx);
    await sql.raw(`INSERT INTO "${rebuilt}" SELECT * FROM "${table}"`).execute(trx);
    await sql.raw(`DROP TABLE "${table}"`).execute(trx);
    await sql.raw(`ALTER TABLE "${rebuilt}" RENAME TO "${table}"`).execute(trx);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
    if (counter.rows[0])
      await sql`UPDATE sqlite_sequence SET seq = ${counter.rows[0].seq} WHERE name = ${table}`.execute(
        trx,
      );
  });
}
