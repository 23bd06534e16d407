// SQLite cannot alter a column's constraints in place: the table is rebuilt from its own stored definition
// (whatever columns earlier migrations added), changed by `edit`, with its rows, indexes and AUTOINCREMENT
// counter kept, in one transaction. (004 carries its own copy from before this file: migrations that ran
// are not edited.)
import { sql } from 'kysely';
import type { MigrationDb } from './column-types.ts';

export async function rebuildSqliteTable(
  db: MigrationDb,
  table: string,
  edit: (ddl: string) => string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const definition = await sql<{ sql: string }>`
      SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ${table}`.execute(trx);
    const rebuilt = `${table}_rebuilt`;
    const ddl = edit(definition.rows[0]!.sql).replace(
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
