// Opens the console's database, SQLite (a file, the default) or PostgreSQL (LECTERN_DATABASE_URL, shared by
// several console servers), behind one Kysely instance, and brings its schema up to date. A database that
// cannot be reached or migrated stops the start with a DatabaseStartError that says what to check.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { describeConnectFailure } from '../database-errors.ts';
import { consoleMigrations } from './migrations/index.ts';
import type { DatabaseConfig } from '../config.ts';
import type { ConsoleTables, Db, Engine } from './schema.ts';

// Declared beside the tables, so that code the migrations use can name it without importing this file.
export type { Db } from './schema.ts';

export interface ConsoleStore {
  engine: Engine;
  db: Db;
  /** Where the data lives, safe to print: the file, or the URL without its password. */
  location: string;
  /** The connection's password, for the log scrubber. */
  secrets: string[];
  /** PostgreSQL only: how to open a connection of its own (notifications, the relay's lease). */
  postgres: { connection: pg.ClientConfig; pool: pg.Pool } | null;
  /** Round trip of a trivial query, in ms; throws when the database cannot be used. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export class DatabaseStartError extends Error {}

const INT8_OID = 20;
// Epoch milliseconds, sequences and counts are int8 columns; pg hands them over as strings by default.
// Every value the console stores fits a double exactly (below 2^53).
export const PG_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** postgres://user:password@host:port/db -> postgres://user@host:port/db */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(an unparsable URL)';
  }
}

export async function openConsoleStore(
  config: DatabaseConfig,
  options: { applicationName?: string } = {},
): Promise<ConsoleStore> {
  const store =
    config.engine === 'sqlite'
      ? openSqlite(config.file)
      : await openPostgres(config, options.applicationName ?? 'lectern-console');
  try {
    await migrate(store);
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  return store;
}

function openSqlite(file: string): ConsoleStore {
  let database: Database.Database;
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    database = new Database(file);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('busy_timeout = 5000');
  } catch (error) {
    throw new DatabaseStartError(
      `Cannot open the console database ${file}: ${(error as Error).message}. Check LECTERN_DB (the file and its folder must be writable).`,
    );
  }
  const db = new Kysely<ConsoleTables>({ dialect: new SqliteDialect({ database }) });
  return {
    engine: 'sqlite',
    db,
    location: file,
    secrets: [],
    postgres: null,
    ping: () => timed(db),
    close: () => db.destroy(),
  };
}

async function openPostgres(
  config: { url: string; poolSize: number },
  applicationName: string,
): Promise<ConsoleStore> {
  const location = redactDatabaseUrl(config.url);
  const password = safePassword(config.url);
  const connection: pg.ClientConfig = {
    connectionString: config.url,
    application_name: applicationName,
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    types: PG_TYPES,
  };
  const pool = new pg.Pool({ ...connection, max: config.poolSize, idleTimeoutMillis: 30_000 });
  // A connection that breaks (database restarted, network cut) emits 'error': on the pool while idle,
  // on the client while checked out. Unheard, either would crash the process; the query in progress
  // fails on its own, and the pool replaces the broken connection.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseStartError(describeConnectFailure(error, location));
  }
  const db = new Kysely<ConsoleTables>({ dialect: new PostgresDialect({ pool }) });
  return {
    engine: 'postgres',
    db,
    location,
    secrets: password ? [password] : [],
    postgres: { connection, pool },
    ping: () => timed(db),
    close: () => db.destroy(),
  };
}

async function timed(db: Db): Promise<number> {
  const started = performance.now();
  await sql`select 1`.execute(db);
  return performance.now() - started;
}

async function migrate(store: ConsoleStore): Promise<void> {
  // PostgreSQL: Kysely takes an advisory lock, so servers starting together migrate one at a time.
  const migrator = new Migrator({ db: store.db, provider: consoleMigrations(store.engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (!error) return;
  const failed = results?.find((result) => result.status === 'Error')?.migrationName;
  throw new DatabaseStartError(
    `Cannot bring the console database at ${store.location} up to date${failed ? ` (migration ${failed})` : ''}: ${(error as Error).message ?? String(error)}`,
  );
}

function safePassword(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}
