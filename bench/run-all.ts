// `npm run bench`: runs every benchmark module in order, each under a header. Each module exports
// `run(): Promise<void>` and prints its own figures. Add new modules to BENCHMARKS.
const BENCHMARKS: { name: string; load: () => Promise<{ run(): Promise<void> }> }[] = [
  {
    name: 'sandbox REST (create throughput, keyset list latency)',
    load: () => import('./sandbox-rest.ts'),
  },
  {
    name: 'sandbox event feed (simulator and feed read throughput)',
    load: () => import('./sandbox-feed.ts'),
  },
];

for (const [index, bench] of BENCHMARKS.entries()) {
  console.log(`\n=== [${index + 1}/${BENCHMARKS.length}] ${bench.name} ===`);
  const started = performance.now();
  const module = await bench.load();
  await module.run();
  console.log(`--- done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export {};
