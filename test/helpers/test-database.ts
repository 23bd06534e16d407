// Databases for tests, on either engine. SQLite: in memory. PostgreSQL: a new database on the run's
// server (started once by test/global-postgres.ts), so test files never see each other's rows.
import { inject } from 'vitest';
import type { DatabaseConfig } from '../../src/server/config.ts';
import type { Engine } from '../../src/server/storage/schema.ts';
import { createDatabase } from './postgres-server.ts';

/** Every storage test and API test of a repository runs once per engine. */
export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

export function postgresAdminUrl(): string {
  return inject('postgresAdminUrl');
}

/** The run's PostgreSQL password: it must never appear in a response or a log line. */
export function postgresPassword(): string {
  return inject('postgresPassword');
}

export async function testDatabaseUrl(): Promise<string> {
  return createDatabase(postgresAdminUrl());
}

export async function testDatabase(engine: Engine): Promise<DatabaseConfig> {
  return engine === 'sqlite'
    ? { engine: 'sqlite', file: ':memory:' }
    : { engine: 'postgres', url: await testDatabaseUrl(), poolSize: 5 };
}

/** The environment variables that select `engine` for a console server under test. */
export async function databaseEnv(engine: Engine): Promise<Record<string, string>> {
  return engine === 'sqlite'
    ? { LECTERN_DB: ':memory:' }
    : { LECTERN_DATABASE_URL: await testDatabaseUrl(), LECTERN_DATABASE_POOL_SIZE: '5' };
}
