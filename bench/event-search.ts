// Search over all stored history (issue 25): 1,000,000 synthetic events (synthetic-history.ts) stored
// through the relay's repository on SQLite (a file) and on PostgreSQL (a real server started here), filled
// once and cached between runs (history-cache.ts; the fill's rate is the one recorded then); then
// the history page the monitor asks for (500 newest matches, through the repository's history query)
// for a mix of free-text searches alone and with the structured filters, each run several times. Prints
// p50/p95/max per engine with the ratio between them, the storage the events take on each engine, and
// how fast they were stored (PostgreSQL: a bulk load, its full-text index built after the fill).
// LECTERN_BENCH_EVENTS changes the count (default 1,000,000); LECTERN_BENCH_ENGINES=sqlite (or postgres)
// runs one engine only.
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { parseEventSearch, type EventSearch } from '#contract/console/event-search.ts';
import {
  createRelayRepository,
  type HistoryFilter,
} from '../src/server/storage/relay-repository.ts';
import { withFilledHistory, type FilledHistory } from './history-cache.ts';
import { courseAt, FOCUS } from './synthetic-history.ts';

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

/** Bytes on disk: the events' rows, their B-tree (and BRIN) indexes, the full-text index. */
interface Storage {
  total: number;
  rows: number;
  indexes: number;
  fullText: number;
  /** The learner page's aggregates (relay_learner_items, relay_learners), beside the events. */
  aggregates: number;
}

interface Figures {
  p50: number;
  p95: number;
  max: number;
  storage: Storage;
  fillRate: number;
  /** The 1-minute load average while the searches ran. */
  load: number;
}

async function measure(
  { store, fill }: FilledHistory,
  storage: () => Promise<Storage>,
): Promise<Figures> {
  const repo = createRelayRepository(store.db, store.engine);
  const start = fill.start;
  const fillRate = (TOTAL * 1000) / fill.fillMs;
  if (fill.indexMs !== null)
    console.log(
      `  ${store.engine}: GIN index built over the filled table in ${(fill.indexMs / 1000).toFixed(1)} s (at the fill)`,
    );
  const bytes = await storage();
  const loads: number[] = [];

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
    loads.push(loadavg()[0]!);
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
    storage: bytes,
    fillRate,
    load: loads.reduce((sum, load) => sum + load, 0) / loads.length,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const perMillion = (bytes: number) => mb((bytes * 1_000_000) / TOTAL);

function report(engine: string, figures: Figures) {
  const { storage } = figures;
  console.log(
    `history search, ${engine}: ${TOTAL.toLocaleString('en')} events, p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms (target < ${TARGET_P95_MS} ms: ${figures.p95 < TARGET_P95_MS ? 'PASS' : 'FAIL'}), max ${figures.max.toFixed(1)} ms, load average ${figures.load.toFixed(1)} during the searches`,
  );
  console.log(
    `storage, ${engine}: ${mb(storage.total)} for ${TOTAL.toLocaleString('en')} events = ${perMillion(storage.total)} per 1,000,000 events (rows ${perMillion(storage.rows)}, indexes ${perMillion(storage.indexes)}, full-text index ${perMillion(storage.fullText)}), plus the learner aggregates ${perMillion(storage.aggregates)}; stored at ${Math.round(figures.fillRate).toLocaleString('en')} events/s`,
  );
}

export async function run(): Promise<void> {
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  // Each engine's figures as soon as it is measured: a million events take a while to store.
  const sqlite = ENGINES.includes('sqlite') ? await runSqlite() : null;
  if (sqlite) report('SQLite (FTS5)', sqlite);
  const pg = ENGINES.includes('postgres') ? await runPostgres() : null;
  if (pg) report('PostgreSQL (tsvector + GIN)', pg);
  if (sqlite && pg)
    console.log(
      `ratio PostgreSQL / SQLite: p95 ${(pg.p95 / sqlite.p95).toFixed(2)}x, storage per 1,000,000 events ${(pg.storage.total / sqlite.storage.total).toFixed(2)}x (SQLite / PostgreSQL: p95 ${(sqlite.p95 / pg.p95).toFixed(2)}x, storage ${(sqlite.storage.total / pg.storage.total).toFixed(2)}x)`,
    );
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

async function runSqlite(): Promise<Figures> {
  return withFilledHistory('sqlite', TOTAL, async (filled) => {
    const { store } = filled;
    return measure(filled, async () => {
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(store.db);
      // dbstat: the pages of each table and index (better-sqlite3 builds SQLite with it).
      const pages = await sql<{ name: string; tbl: string; bytes: number }>`
        SELECT s.name, m.tbl_name AS tbl, sum(s.pgsize) AS bytes
        FROM dbstat s JOIN sqlite_schema m ON m.name = s.name GROUP BY s.name`.execute(store.db);
      const sum = (keep: (row: { name: string; tbl: string }) => boolean) =>
        pages.rows.filter(keep).reduce((total, row) => total + Number(row.bytes), 0);
      return {
        total: sum((row) => row.tbl.startsWith('relay_events')),
        rows: sum((row) => row.name === 'relay_events'),
        indexes: sum((row) => row.tbl === 'relay_events' && row.name !== 'relay_events'),
        fullText: sum((row) => row.name.startsWith('relay_events_search')),
        aggregates: sum((row) => row.tbl.startsWith('relay_learner')),
      };
    });
  });
}

async function runPostgres(): Promise<Figures> {
  return withFilledHistory(
    'postgres',
    TOTAL,
    async (filled) =>
      measure(filled, async () => {
        const result = await sql<{
          total: string;
          indexes: string;
          full_text: string;
          aggregates: string;
        }>`
          SELECT pg_total_relation_size('relay_events') AS total,
                 pg_indexes_size('relay_events') AS indexes,
                 pg_relation_size('relay_events_search') AS full_text,
                 pg_total_relation_size('relay_learner_items') + pg_total_relation_size('relay_learners')
                   AS aggregates`.execute(filled.store.db);
        const { total, indexes, full_text, aggregates } = result.rows[0]!;
        return {
          total: Number(total),
          // The table with its TOAST table (payloads and vectors too long to keep in the row).
          rows: Number(total) - Number(indexes),
          indexes: Number(indexes) - Number(full_text),
          fullText: Number(full_text),
          aggregates: Number(aggregates),
        };
      }),
    { poolSize: 2 },
  );
}
