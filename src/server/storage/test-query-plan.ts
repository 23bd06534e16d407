// Tests only: SQLite's plan of a compiled query, its parameters written in (EXPLAIN QUERY PLAN takes no
// bound values through Kysely), the plan's lines joined with ' | '.
import { sql, type CompiledQuery, type Kysely } from 'kysely';

export async function sqlitePlan<DB>(db: Kysely<DB>, compiled: CompiledQuery): Promise<string> {
  const parameters = [...compiled.parameters];
  const inlined = compiled.sql.replace(
    /\?/g,
    () => `'${String(parameters.shift()).replace(/'/g, "''")}'`,
  );
  const rows = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${inlined}`).execute(db);
  return rows.rows.map((row) => row.detail).join(' | ');
}
