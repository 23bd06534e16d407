// The learner page's first paint (issue 25: < 500 ms for a learner with 10,000 events among 1,000,000):
// a console database on SQLite (a file) and on PostgreSQL (a real server started here) filled with the
// synthetic history (synthetic-history.ts: FOCUS has 10,000 events; filled once and cached between runs,
// history-cache.ts), the console's build in Chromium at 1440x900, and the page's reads answered by the
// relay's own code over that database (the summary from the aggregates kept at insert time, history
// pages with the learner's id); names are answered at once (the shared title cache is a separate
// bench's business). Timed from navigation until the summary and the first timeline rows
// are on screen; 1 cold run, then 5. Prints the plans of the summary and of the timeline's first page.
// LECTERN_BENCH_EVENTS changes the count (default 1,000,000); LECTERN_BENCH_ENGINES=sqlite (or postgres)
// runs one engine only.
import { sql, type CompiledQuery } from 'kysely';
import { EventHistoryQuery } from '#contract/console/relay.ts';
import { createEventReads } from '../src/server/relay/event-reads.ts';
import type { ConsoleStore } from '../src/server/storage/database.ts';
import { historyQuery } from '../src/server/storage/event-history-queries.ts';
import { learnerItemsQuery } from '../src/server/storage/learner-summary-queries.ts';
import { createRelayRepository } from '../src/server/storage/relay-repository.ts';
import { json, mockSession, withConsolePage } from './console-page.ts';
import { withFilledHistory } from './history-cache.ts';
import { FOCUS, FOCUS_EVENTS } from './synthetic-history.ts';
import { machine, percentile, verdict } from './verdict.ts';

const TOTAL = Number(process.env.LECTERN_BENCH_EVENTS ?? 1_000_000);
const TARGET_MS = 500;
const RUNS = 5;
const ENGINES = (process.env.LECTERN_BENCH_ENGINES ?? 'sqlite,postgres').split(',');

export async function run(): Promise<void> {
  console.log(`Machine: ${machine()}`);
  if (ENGINES.includes('sqlite')) await runSqlite();
  if (ENGINES.includes('postgres')) await runPostgres();
}

async function runSqlite(): Promise<void> {
  await withFilledHistory('sqlite', TOTAL, ({ store }) => measure(store));
}

async function runPostgres(): Promise<void> {
  await withFilledHistory('postgres', TOTAL, ({ store }) => measure(store));
}

/** The engine's plan of a statement, one line per step (parameters written in: both take none here). */
async function planOf(store: ConsoleStore, compiled: CompiledQuery): Promise<string> {
  const value = (n: number) => `'${String(compiled.parameters[n]).replace(/'/g, "''")}'`;
  let next = 0;
  const inlined =
    store.engine === 'postgres'
      ? compiled.sql.replace(/\$(\d+)/g, (_, n: string) => value(Number(n) - 1))
      : compiled.sql.replace(/\?/g, () => value(next++));
  const explain = store.engine === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN';
  const plan = await sql.raw<Record<string, string>>(`${explain} ${inlined}`).execute(store.db);
  return plan.rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n    ');
}

async function measure(store: ConsoleStore): Promise<void> {
  const engine = store.engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
  {
    const repo = createRelayRepository(store.db, store.engine);
    console.log(
      `  ${engine}: ${TOTAL.toLocaleString('en')} events stored; the learner has ${FOCUS_EVENTS.toLocaleString('en')}`,
    );
    const learnerId = FOCUS.id;
    console.log(
      `  ${engine} plan, summary:\n    ${await planOf(store, learnerItemsQuery(store.db, learnerId).compile())}`,
    );
    console.log(
      `  ${engine} plan, timeline's first page:\n    ${await planOf(store, historyQuery(store.db, store.engine, { learnerId }, {}, 201).compile())}`,
    );
    const reads = createEventReads(repo, {
      heartbeatMs: 15_000,
      status: () => ({ kinds: [], throttledUntil: null, leader: null }),
    });
    const summaryMs: number[] = [];

    await withConsolePage({ width: 1440, height: 900 }, async (page, origin) => {
      await page.route('**/api/**', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: '{"error":"not_found","message":"not in this bench"}',
        }),
      );
      await mockSession(page, 'support', 'bench-support');
      await page.route('**/api/learners/*', async (route) => {
        const id = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop()!);
        const began = performance.now();
        const summary = await reads.learnerSummary(id);
        summaryMs.push(performance.now() - began);
        await route.fulfill(json(summary));
      });
      await page.route('**/api/events?*', async (route) => {
        const query = EventHistoryQuery.parse(
          Object.fromEntries(new URL(route.request().url()).searchParams),
        );
        const { kind, q, cursor, limit, ...filter } = query;
        await route.fulfill(
          json(await reads.history({ kinds: kind, search: q, ...filter }, cursor, limit)),
        );
      });
      await page.route('**/api/names?*', (route) => {
        const params = new URL(route.request().url()).searchParams;
        const names = (['courses', 'learningPaths', 'topics'] as const).flatMap((param) =>
          (params.get(param)?.split(',') ?? []).map((item) => {
            const id = item.split(':')[0]!;
            const type =
              param === 'courses' ? 'course' : param === 'topics' ? 'topic' : 'learningPath';
            return {
              type,
              id,
              state: 'found',
              title: `Title of ${id.slice(-4)}`,
              courseId: null,
              checkedAt: Date.now(),
              message: null,
            };
          }),
        );
        return route.fulfill(json({ names }));
      });

      const times: number[] = [];
      for (let attempt = 0; attempt <= RUNS; attempt++) {
        const began = performance.now();
        await page.goto(`${origin}/learners/${FOCUS.id}`);
        await page.getByTestId('learner-span').waitFor();
        await page.locator('.vtable--learner-events .vtable__body .vtable__row').first().waitFor();
        const elapsed = performance.now() - began;
        if (attempt > 0) times.push(elapsed);
        console.log(
          `  ${attempt === 0 ? 'cold' : `run ${attempt}`}: ${elapsed.toFixed(0)} ms to the summary and the first timeline rows`,
        );
      }
      const text = await page.getByTestId('learner-span').textContent();
      // The background learners are random: one of them may be the focus learner now and then.
      const shown = Number(/^([\d,]+) stored events/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? 0);
      if (shown < FOCUS_EVENTS)
        throw new Error(`the page did not sum up the learner's events: ${text}`);
      const median = percentile(times, 50);
      console.log(
        `  ${engine}: summary of ${FOCUS_EVENTS.toLocaleString('en')} events on the server: median ${percentile(summaryMs, 50).toFixed(0)} ms`,
      );
      verdict(
        `learner page first paint, ${engine} (${FOCUS_EVENTS.toLocaleString('en')} events of the learner among ${TOTAL.toLocaleString('en')})`,
        median < TARGET_MS,
        `median ${median.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${RUNS} runs`,
        `< ${TARGET_MS} ms`,
        `server summary median ${percentile(summaryMs, 50).toFixed(0)} ms`,
      );
    });
  }
}
