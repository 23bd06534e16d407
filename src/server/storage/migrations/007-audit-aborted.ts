// A fourth audit outcome, 'aborted': the client closed the connection before the answer reached it (an
// upload cut off, a tab closed while its write was on its way). The row is completed with what the
// console knows (the instance's status, when the call was forwarded) and no status of its own.
import { sql } from 'kysely';
import type { Engine } from '../schema.ts';
import type { MigrationDb } from './column-types.ts';
import { rebuildSqliteTable } from './sqlite-rebuild.ts';

const OLD_CHECK = /outcome IN \('pending', 'completed', 'unknown'\)/i;
const NEW_CHECK = "outcome IN ('pending', 'completed', 'unknown', 'aborted')";

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_outcome_check`.execute(db);
    await sql
      .raw(`ALTER TABLE audit_log ADD CONSTRAINT audit_log_outcome_check CHECK (${NEW_CHECK})`)
      .execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'audit_log', (ddl) => {
    if (!OLD_CHECK.test(ddl)) throw new Error(`audit_log: outcome check not found in ${ddl}`);
    return ddl.replace(OLD_CHECK, NEW_CHECK);
  });
}
