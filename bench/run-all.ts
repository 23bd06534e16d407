// `npm run bench`: runs every benchmark module in order, each under a header. Each module exports
// `run(): Promise<void>` and prints its own figures. Add new modules to BENCHMARKS.
// `npm run bench -- proxy relay` runs only the benchmarks whose name contains one of the words.
const BENCHMARKS: { name: string; load: () => Promise<{ run(): Promise<void> }> }[] = [
  {
    name: 'sandbox REST (create throughput, keyset list latency)',
    load: () => import('./sandbox-rest.ts'),
  },
  {
    name: 'sandbox event feed (simulator and feed read throughput)',
    load: () => import('./sandbox-feed.ts'),
  },
  {
    name: 'console bundle (initial JavaScript per first route, route chunks)',
    load: () => import('./console-bundle.ts'),
  },
  {
    name: 'console scroll smoothness (10,000 rows in Chromium)',
    load: () => import('./console-scroll.ts'),
  },
  {
    name: 'price grid (10,000 courses in Chromium: scroll frames over 50 ms, paste to validated preview)',
    load: () => import('./price-grid.ts'),
  },
  {
    name: 'event monitor (render rate at 10,000 events/min, frames, busy time, heap at 100,000)',
    load: () => import('./monitor-render.ts'),
  },
  {
    name: 'console proxy (latency added at 1,000 req/s with SQLite and PostgreSQL sessions, saturated throughput vs direct and reference)',
    load: () => import('./console-proxy.ts'),
  },
  {
    name: 'event relay ingest (events/s stored and SSE delivery, SQLite and PostgreSQL, ratio)',
    load: () => import('./relay-ingest.ts'),
  },
  {
    name: 'cluster failover (relay leader killed at 10,000 events/min under 20% feed faults)',
    load: () => import('./cluster-failover.ts'),
  },
  {
    name: 'relay handover on SIGTERM (two servers on PostgreSQL, 5 s lease checks)',
    load: () => import('./relay-handover.ts'),
  },
  {
    name: 'event relay soak (10,000 events/min for a minute under 20% feed faults)',
    load: () => import('./relay-soak.ts'),
  },
  {
    name: 'compiler (compileCreate 100 x 100 children, compileUpdate over a 2,000-node course)',
    load: () => import('./compiler.ts'),
  },
  {
    name: 'course editor (2,000-node tree in Chromium: work per drag move, keystroke latency, renders per move)',
    load: () => import('./editor-interaction.ts'),
  },
  {
    name: 'course editor opening (a saved 2,000-node course until interactive, row menu open latency)',
    load: () => import('./editor-open.ts'),
  },
  {
    name: 'history search (p95 over 1,000,000 stored events on SQLite FTS5 and PostgreSQL full text, ratio, storage)',
    load: () => import('./event-search.ts'),
  },
  {
    name: 'learner page (first paint with 10,000 events of the learner among 1,000,000 stored)',
    load: () => import('./learner-page.ts'),
  },
  {
    name: 'course checks (2,000-node course, 500 distinct URLs answered after 200 ms each)',
    load: () => import('./course-checks.ts'),
  },
  {
    name: 'course history (200 versions of a 2,000-node course: bytes per version, History tab page, diff of two)',
    load: () => import('./course-history.ts'),
  },
  {
    name: 'presence (heartbeats of 500 open editors: CPU share at their pace, beats/s sustained; SQLite and PostgreSQL)',
    load: () => import('./presence-heartbeat.ts'),
  },
];

const words = process.argv.slice(2).map((word) => word.toLowerCase());
const selected = BENCHMARKS.filter(
  (bench) => words.length === 0 || words.some((word) => bench.name.toLowerCase().includes(word)),
);
if (selected.length === 0) throw new Error(`No benchmark matches: ${words.join(', ')}`);

for (const [index, bench] of selected.entries()) {
  console.log(`\n=== [${index + 1}/${selected.length}] ${bench.name} ===`);
  const started = performance.now();
  const module = await bench.load();
  await module.run();
  console.log(`--- done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// Every target printed with PASS or FAIL (bench/verdict.ts), again in one place.
const { verdicts } = await import('./verdict.ts');
if (verdicts.length > 0) {
  const failed = verdicts.filter(({ pass }) => !pass).length;
  console.log(`\n=== Targets: ${verdicts.length - failed} PASS, ${failed} FAIL ===`);
  for (const { line } of verdicts) console.log(line);
}

export {};
