// The learner page's first paint (issue 25: < 500 ms for a learner with 10,000 events among 1,000,000):
// a console database on SQLite (a file) and on PostgreSQL (a real server started here) filled with the
// synthetic history (synthetic-history.ts: FOCUS has 10,000 events; filled once and cached between runs,
// history-cache.ts), the console's build served by the console server's static plugin to Chromium at
// 1440x900, and the page's reads answered by that server through the relay's own reads over the database
// (learner-page-server.ts). Timed from navigation, in a fresh browser context each time (cold cache, a
// signed-in user following a link), until the frame that first shows the summary is painted (the
// browser's own paint time for it, Element Timing; the timeline's first rows must be in the document by
// then, rendered with it); 1 run to warm up, then 5, each with its request timeline. Prints the plans of the summary and of the
// timeline's first page.
// LECTERN_BENCH_EVENTS changes the count (default 1,000,000); LECTERN_BENCH_ENGINES=sqlite (or postgres)
// runs one engine only.
import { sql, type CompiledQuery } from 'kysely';
import { createEventReads } from '../src/server/relay/event-reads.ts';
import type { ConsoleStore } from '../src/server/storage/database.ts';
import { historyQuery } from '../src/server/storage/event-history-queries.ts';
import { learnerItemsQuery } from '../src/server/storage/learner-summary-queries.ts';
import { createRelayRepository } from '../src/server/storage/relay-repository.ts';
import type { Page } from 'playwright';
import { buildConsole } from './console-build.ts';
import { launchChromium } from './console-page.ts';
import { serveLearnerBench } from './learner-page-server.ts';
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
    const { outDir } = await buildConsole();
    const server = await serveLearnerBench(outDir, reads);
    const browser = await launchChromium();
    const cold: number[] = [];
    const warm: number[] = [];
    try {
      for (let attempt = 0; attempt <= RUNS; attempt++) {
        // A fresh context each time: cold cache, a signed-in user following a link to the learner;
        // then the same link again in that context (its scripts cached, as for a returning user).
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        await page.addInitScript(WATCH_FIRST_PAINT);
        for (const [label, times] of [
          ['cold', cold],
          ['warm', warm],
        ] as const) {
          await page.goto(`${server.origin}/learners/${FOCUS.id}`, { waitUntil: 'commit' });
          const {
            paintedAt: ms,
            inDocumentAt,
            withRows,
          } = (await (
            await page.waitForFunction(
              'window.__learnerFirstPaint?.paintedAt && window.__learnerFirstPaint',
            )
          ).jsonValue()) as { paintedAt: number; inDocumentAt: number; withRows: boolean };
          if (!withRows)
            throw new Error("the summary was rendered without the timeline's first rows");
          if (attempt > 0) times.push(ms);
          console.log(
            `  ${attempt === 0 ? 'warm-up' : `run ${attempt}`}, ${label}: ${ms.toFixed(0)} ms to the summary's paint (in the document at ${inDocumentAt.toFixed(0)} ms, with the timeline's first rows); ${await requestTimeline(page)}`,
          );
        }
        if (attempt === RUNS) await checkSummed(page);
        await context.close();
      }
    } finally {
      await browser.close();
      await server.close();
    }
    const summaryMs = percentile(server.summaryMs, 50);
    console.log(
      `  ${engine}: summary of ${FOCUS_EVENTS.toLocaleString('en')} events on the server: median ${summaryMs.toFixed(0)} ms`,
    );
    for (const [label, times] of [
      ['cold cache', cold],
      ['scripts cached', warm],
    ] as const) {
      const median = percentile(times, 50);
      verdict(
        `learner page first paint, ${engine}, ${label} (${FOCUS_EVENTS.toLocaleString('en')} events of the learner among ${TOTAL.toLocaleString('en')})`,
        median < TARGET_MS,
        `median ${median.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${RUNS} runs`,
        `< ${TARGET_MS} ms`,
        `server summary median ${summaryMs.toFixed(0)} ms`,
      );
    }
  }
}

// In the page from its start: when the summary is first painted, as the browser reports that frame's
// paint (Element Timing's renderTime, the time origin being the navigation's start), and when it came
// into the document, the timeline's first rows with it or not. The attribute is set in the mutation's
// callback, before any paint of the element. Until 28 November the figure was a requestAnimationFrame
// callback in the frame after the rows came: it ran before that frame's style, layout and paint, 100
// to 290 ms before the summary showed (docs/development/benchmarks.md).
const WATCH_FIRST_PAINT = `(() => {
  const seen = (window.__learnerFirstPaint = { paintedAt: 0, inDocumentAt: 0, withRows: false });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.identifier === 'learner-summary' && !seen.paintedAt) seen.paintedAt = entry.renderTime;
  }).observe({ type: 'element', buffered: true });
  new MutationObserver((_, observer) => {
    const summary = document.querySelector('[data-testid="learner-span"]');
    if (!summary) return;
    observer.disconnect();
    summary.setAttribute('elementtiming', 'learner-summary');
    seen.inDocumentAt = performance.now();
    seen.withRows = document.querySelector('.vtable--learner-events .vtable__body .vtable__row') !== null;
  }).observe(document, { childList: true, subtree: true });
})();`;

/** The page shows the learner's whole history summed up (not some other learner's). */
async function checkSummed(page: Page): Promise<void> {
  const text = await page.getByTestId('learner-span').textContent();
  // The background learners are random: one of them may be the focus learner now and then.
  const shown = Number(/^([\d,]+) stored events/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? 0);
  if (shown < FOCUS_EVENTS)
    throw new Error(`the page did not sum up the learner's events: ${text}`);
}

/** What the page waited for: its scripts (how many, the last one's end) and its reads' start and end. */
async function requestTimeline(page: Page): Promise<string> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name,
      type: (entry as PerformanceResourceTiming).initiatorType,
      start: entry.startTime,
      end: (entry as PerformanceResourceTiming).responseEnd,
    })),
  );
  const scripts = entries.filter((entry) => /\.js$/.test(entry.name));
  const read = (path: string) => {
    const entry = entries.find((candidate) => new URL(candidate.name).pathname.startsWith(path));
    return entry ? `${entry.start.toFixed(0)}-${entry.end.toFixed(0)}` : 'none';
  };
  const lastScript = Math.max(0, ...scripts.map((entry) => entry.end));
  return (
    `${scripts.length} scripts by then (last at ${lastScript.toFixed(0)} ms); ` +
    `session ${read('/api/session')}, summary ${read('/api/learners/')}, events ${read('/api/events')} ms`
  );
}
