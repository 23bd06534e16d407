// The filled console databases of the history benches (event-search.ts, learner-page.ts), kept between
// runs: storing 1,000,000 synthetic events takes 40 to 60 minutes on a busy machine, reading them a few
// seconds. One slot per engine, generator version and event count, in LECTERN_BENCH_CACHE (default
// lectern-bench-cache in the temporary folder): SQLite's file, or the data directory of the bench's own
// PostgreSQL cluster with its filled database. The benches only read the events, so a slot is opened in
// place; opening it runs the console's migrations as a server's start does, so a slot filled at an
// older schema is brought up to date once (backfills included) and stays there. A missing slot is filled
// first (in a folder of its own, renamed into place when complete, so a run cut short leaves no half
// slot); a slot migrated by a newer checkout than this one (a migration this code does not know) is left
// alone and a slot for this code's schema is filled beside it.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openConsoleStore, type ConsoleStore } from '../src/server/storage/database.ts';
import { consoleMigrations } from '../src/server/storage/migrations/index.ts';
import { createRelayRepository } from '../src/server/storage/relay-repository.ts';
import { startPostgres } from '../test/helpers/postgres-server.ts';
import { fillHistory, GENERATOR_VERSION } from './synthetic-history.ts';
import { loadAverage } from './verdict.ts';

export type BenchEngine = 'sqlite' | 'postgres';

/** What a slot's fill took, kept beside it (fill figures of a cached run are the fill's). */
export interface FillRecord {
  generator: number;
  total: number;
  /** The first event's time (the generator spreads events over 30 days from it). */
  start: number;
  fillMs: number;
  /** PostgreSQL: building the full-text index after the bulk load. */
  indexMs: number | null;
  filledAt: string;
  loadAverage: string;
  /** The last migration applied when the slot was last opened. */
  migration: string;
}

export interface FilledHistory {
  store: ConsoleStore;
  fill: FillRecord;
  /** False when this run filled the slot. */
  cached: boolean;
}

const START = Date.UTC(2026, 9, 1);
const DATABASE = 'bench_history';

export const cacheRoot = () =>
  process.env.LECTERN_BENCH_CACHE ?? join(tmpdir(), 'lectern-bench-cache');

async function latestMigration(): Promise<string> {
  return Object.keys(await consoleMigrations('sqlite').getMigrations())
    .sort()
    .at(-1)!;
}

/** Opens the engine's filled slot for `total` events (filling it first when absent) for `use`. */
export async function withFilledHistory<T>(
  engine: BenchEngine,
  total: number,
  use: (filled: FilledHistory) => Promise<T>,
  options: { poolSize?: number; log?: (line: string) => void } = {},
): Promise<T> {
  const log = options.log ?? console.log;
  const latest = await latestMigration();
  const base = join(cacheRoot(), `${engine}-v${GENERATOR_VERSION}-${total}`);
  for (const slot of [base, `${base}-${latest}`]) {
    const filled = existsSync(join(slot, 'fill.json'));
    if (!filled) {
      log(
        `  ${engine}: no cached fill of ${total.toLocaleString('en')} events at ${slot}: filling it (load average ${loadAverage()})`,
      );
      await fill(engine, total, slot, log);
    }
    const opened = await open(engine, slot, options.poolSize ?? 4);
    if (!opened) {
      log(`  ${engine}: ${slot} holds a newer schema than this checkout's (${latest}); next slot`);
      continue;
    }
    const { store, stop } = opened;
    try {
      const record = JSON.parse(readFileSync(join(slot, 'fill.json'), 'utf8')) as FillRecord;
      if (record.migration !== latest) {
        log(`  ${engine}: cached fill brought from ${record.migration} up to ${latest}`);
        await refreshStatistics(store); // tables a migration made or filled have none yet
        writeFileSync(join(slot, 'fill.json'), JSON.stringify({ ...record, migration: latest }));
      }
      if (filled)
        log(
          `  ${engine}: ${total.toLocaleString('en')} events from the cache (${slot}, filled ${record.filledAt} in ${(record.fillMs / 1000).toFixed(0)} s at load ${record.loadAverage})`,
        );
      return await use({ store, fill: { ...record, migration: latest }, cached: filled });
    } finally {
      await store.close();
      await stop();
    }
  }
  throw new Error(`no usable cache slot for ${engine} under ${cacheRoot()}`);
}

/** Opens a slot, or null when its schema is newer than this code's (a migration unknown here). */
async function open(
  engine: BenchEngine,
  slot: string,
  poolSize: number,
): Promise<{ store: ConsoleStore; stop: () => Promise<void> } | null> {
  const attempt = async (config: Parameters<typeof openConsoleStore>[0]) => {
    try {
      return await openConsoleStore(config);
    } catch (error) {
      if (/missing|corrupted/i.test((error as Error).message)) return null;
      throw error;
    }
  };
  if (engine === 'sqlite') {
    const store = await attempt({ engine, file: join(slot, 'console.db') });
    return store && { store, stop: async () => undefined };
  }
  const postgres = await startPostgres({ keepIn: join(slot, 'cluster') });
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${DATABASE}`;
  const store = await attempt({ engine, url: url.toString(), poolSize }).catch(async (error) => {
    await postgres.stop();
    throw error;
  });
  if (!store) await postgres.stop();
  return store && { store, stop: () => postgres.stop() };
}

/**
 * What autovacuum does after a bulk insert (statistics, the visibility map, BRIN ranges summarized), or
 * SQLite's own upkeep of its statistics.
 */
export async function refreshStatistics(store: ConsoleStore): Promise<void> {
  if (store.engine === 'postgres') await sql`VACUUM ANALYZE`.execute(store.db);
  else await sql`PRAGMA optimize`.execute(store.db);
}

/** Fills a slot: a folder of its own first, renamed to the slot once the fill is complete. */
async function fill(
  engine: BenchEngine,
  total: number,
  slot: string,
  log: (line: string) => void,
): Promise<void> {
  const partial = `${slot}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  let record: Omit<FillRecord, 'migration'>;
  if (engine === 'sqlite') {
    const store = await openConsoleStore({ engine, file: join(partial, 'console.db') });
    try {
      record = await fillStore(store, total, log);
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(store.db);
    } finally {
      await store.close();
    }
  } else {
    const postgres = await startPostgres({ keepIn: join(partial, 'cluster') });
    try {
      const admin = new pg.Client({ connectionString: postgres.adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${DATABASE}`).finally(() => admin.end());
      const url = new URL(postgres.adminUrl);
      url.pathname = `/${DATABASE}`;
      const store = await openConsoleStore({ engine, url: url.toString(), poolSize: 2 });
      try {
        record = await fillStore(store, total, log);
      } finally {
        await store.close();
      }
    } finally {
      await postgres.stop();
    }
  }
  writeFileSync(
    join(partial, 'fill.json'),
    JSON.stringify({ ...record, migration: await latestMigration() }),
  );
  if (existsSync(join(slot, 'fill.json'))) {
    rmSync(partial, { recursive: true, force: true }); // another run filled it meanwhile
    return;
  }
  rmSync(slot, { recursive: true, force: true });
  renameSync(partial, slot);
}

async function fillStore(
  store: ConsoleStore,
  total: number,
  log: (line: string) => void,
): Promise<Omit<FillRecord, 'migration'>> {
  const repo = createRelayRepository(store.db, store.engine);
  // PostgreSQL: a bulk load, the GIN index built once after the fill rather than kept in step with a
  // million inserts (the relay ingest bench measures storing with it in place).
  if (store.engine === 'postgres') await sql`DROP INDEX relay_events_search`.execute(store.db);
  let last = performance.now();
  const fillMs = await fillHistory(repo, total, {
    start: START,
    progress: (done) => {
      if (done % 100_000 !== 0 || performance.now() - last < 1) return;
      last = performance.now();
      log(`  ${store.engine}: ${done.toLocaleString('en')} stored (load average ${loadAverage()})`);
    },
  });
  let indexMs: number | null = null;
  if (store.engine === 'postgres') {
    const began = performance.now();
    await sql`CREATE INDEX relay_events_search ON relay_events USING gin (search_vector)`.execute(
      store.db,
    );
    indexMs = performance.now() - began;
  }
  await refreshStatistics(store);
  log(
    `  ${store.engine}: ${total.toLocaleString('en')} events stored in ${(fillMs / 1000).toFixed(0)} s`,
  );
  return {
    generator: GENERATOR_VERSION,
    total,
    start: START,
    fillMs,
    indexMs,
    filledAt: new Date().toISOString(),
    loadAverage: loadAverage(),
  };
}
