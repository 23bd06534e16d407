// Migration 002 dropped sessions.learner_token (issue 16, finding 7), but a SQLite file keeps old bytes
// in free pages and in the unused space of live ones until it is rebuilt. VACUUM rebuilds it once, so
// no learner token an older version stored survives in the file. (PostgreSQL never held real tokens:
// 001 and 002 arrived together there.)
import { sql } from 'kysely';
import type { Engine } from '../schema.ts';
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  // SQLite migrations run outside a transaction (Kysely's SQLite adapter), as VACUUM requires.
  if (engine === 'sqlite') await sql`VACUUM`.execute(db);
}
