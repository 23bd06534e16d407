// Search over all stored history (issue 25): 1,000,000 synthetic events (synthetic-history.ts) stored
// through the relay's repository on SQLite (a file) and on PostgreSQL (a real server started here); then
// the history page the monitor asks for (500 newest matches, through the repository's history query)
// for a mix of free-text searches alone and with the structured filters, each run several times. Prints
// p50/p95/max per engine with the ratio between them, the storage the events take on each engine, and
// how fast they were stored (PostgreSQL: a bulk load, its full-text index built after the fill).
// LECTERN_BENCH_EVENTS changes the count (default 1,000,000); LECTERN_BENCH_ENGINES=sqlite (or postgres)
// runs one engine only.
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { parseEventSearch, type EventSearch } from '#contract/console/event-search.ts';
import { openConsoleStore, type ConsoleStore } from '../src/server/storage/database.ts';
import {
  createRelayRepository,
  type HistoryFilter,
} from '../src/server/storage/relay-repository.ts';
import { createDatabase, startPostgres } from '../test/helpers/postgres-server.ts';
import { courseAt, FOCUS, fillHistory } from './synthetic-history.ts';

const TOTAL = Number(process.env.LECTERN_BENCH_EVENTS ?? 1_000_000);
const RUNS = 7;
const PAGE = 501;
const TARGET_P95_MS = 200;
const ENGINES = (process.env.LECTERN_BENCH_ENGINES ?? 'sqlite,postgres').split(',');

const search = (text: string): EventSearch => {
  const parsed = parseEventSearch(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.search;
};

/** What support staff type: a word, a name, an email, a title as a phrase, with and without filters. */
function cases(start: number): [string, HistoryFilter][] {
  const day = 86_400_000;
  return [
    ['a common word', { search: search('safety') }],
    ['a surname', { search: search('moreau') }],
    ['an email', { search: search(FOCUS.email) }],
    ['two words', { search: search('safety basics') }],
    ['a title as a phrase', { search: search(`"${courseAt(42).title}"`) }],
    ['a word, one kind', { search: search('forklift'), kinds: ['quizAttempt'] }],
    ['a word, one learner', { search: search('safety'), learner: FOCUS.id }],
    ['a word, one learner by email', { search: search('welding'), learner: FOCUS.email }],
    ['a word, one day', { search: search('python'), from: start + 10 * day, to: start + 11 * day }],
    ['either word', { search: search('forklift or welding') }],
    ['a word without another', { search: search('safety -basics') }],
    ['no match', { search: search('zyxwv') }],
    ['a course, a name', { search: search('alice'), course: courseAt(7).id }],
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Figures {
  p50: number;
  p95: number;
  max: number;
  storageBytes: number;
  fillRate: number;
}

async function measure(
  store: ConsoleStore,
  storage: () => Promise<number>,
  bulk?: { before(): Promise<void>; after(): Promise<void> },
): Promise<Figures> {
  const repo = createRelayRepository(store.db, store.engine);
  await bulk?.before();
  const start = Date.UTC(2026, 9, 1);
  let last = performance.now();
  const fillMs = await fillHistory(repo, TOTAL, {
    start,
    progress: (done) => {
      if (done % 250_000 !== 0 || performance.now() - last < 1) return;
      last = performance.now();
      console.log(`  ${store.engine}: ${done.toLocaleString('en')} stored`);
    },
  });
  const fillRate = (TOTAL * 1000) / fillMs;
  await bulk?.after();
  if (store.engine === 'postgres') await sql`ANALYZE`.execute(store.db);
  else await sql`PRAGMA optimize`.execute(store.db);
  const storageBytes = await storage();

  const times: number[] = [];
  for (const [name, filter] of cases(start)) {
    const own: number[] = [];
    let found = 0;
    for (let run = 0; run < RUNS; run++) {
      const began = performance.now();
      found = (await repo.history(filter, undefined, PAGE)).length;
      own.push(performance.now() - began);
    }
    // The first run reads pages from disk; later runs are what a busy server sees.
    times.push(...own.slice(1));
    own.sort((a, b) => a - b);
    console.log(
      `  ${store.engine}: ${name.padEnd(30)} ${String(found).padStart(4)} found, median ${own[RUNS >> 1]!.toFixed(1)} ms, first ${own.at(-1)!.toFixed(1)} ms max`,
    );
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
    storageBytes,
    fillRate,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function report(engine: string, figures: Figures) {
  console.log(
    `history search, ${engine}: ${TOTAL.toLocaleString('en')} events, p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms (target < ${TARGET_P95_MS} ms: ${figures.p95 < TARGET_P95_MS ? 'PASS' : 'FAIL'}), max ${figures.max.toFixed(1)} ms`,
  );
  console.log(
    `storage, ${engine}: ${mb(figures.storageBytes)} for ${TOTAL.toLocaleString('en')} events = ${mb((figures.storageBytes * 1_000_000) / TOTAL)} per 1,000,000 (events, indexes and full-text index); stored at ${Math.round(figures.fillRate).toLocaleString('en')} events/s`,
  );
}

export async function run(): Promise<void> {
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const sqlite = ENGINES.includes('sqlite') ? await runSqlite() : null;
  const pg = ENGINES.includes('postgres') ? await runPostgres() : null;
  if (sqlite) report('SQLite (FTS5)', sqlite);
  if (pg) report('PostgreSQL (tsvector + GIN)', pg);
  if (sqlite && pg)
    console.log(
      `ratio PostgreSQL / SQLite: p95 ${(pg.p95 / sqlite.p95).toFixed(2)}x, storage ${(pg.storageBytes / sqlite.storageBytes).toFixed(2)}x`,
    );
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

async function runSqlite(): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'lectern-bench-search-'));
  try {
    const file = join(dir, 'console.db');
    const store = await openConsoleStore({ engine: 'sqlite', file });
    try {
      return await measure(store, async () => {
        await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(store.db);
        return statSync(file).size;
      });
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runPostgres(): Promise<Figures> {
  const postgres = await startPostgres();
  try {
    const url = await createDatabase(postgres.adminUrl, 'bench_search');
    const store = await openConsoleStore({ engine: 'postgres', url, poolSize: 2 });
    try {
      return await measure(
        store,
        async () => {
          const result = await sql<{
            size: string;
          }>`SELECT pg_total_relation_size('relay_events') AS size`.execute(store.db);
          return Number(result.rows[0]!.size);
        },
        // A bulk load: the GIN index is built once after the fill rather than kept in step with a
        // million inserts (the relay ingest bench measures storing with it in place).
        {
          before: async () => void (await sql`DROP INDEX relay_events_search`.execute(store.db)),
          after: async () => {
            const began = performance.now();
            await sql`CREATE INDEX relay_events_search ON relay_events USING gin (search_vector)`.execute(
              store.db,
            );
            console.log(
              `  postgres: GIN index built over the filled table in ${((performance.now() - began) / 1000).toFixed(1)} s`,
            );
          },
        },
      );
    } finally {
      await store.close();
    }
  } finally {
    await postgres.stop();
  }
}
