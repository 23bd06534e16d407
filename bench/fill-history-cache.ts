// Fills the history benches' cache (history-cache.ts) without measuring anything, e.g. ahead of quiet
// runs: `npx tsx bench/fill-history-cache.ts`. LECTERN_BENCH_EVENTS (default 1,000,000) and
// LECTERN_BENCH_ENGINES (default both) as in the benches; LECTERN_BENCH_CACHE says where.
import { withFilledHistory, type BenchEngine } from './history-cache.ts';

const TOTAL = Number(process.env.LECTERN_BENCH_EVENTS ?? 1_000_000);
const ENGINES = (process.env.LECTERN_BENCH_ENGINES ?? 'sqlite,postgres').split(
  ',',
) as BenchEngine[];

for (const engine of ENGINES)
  await withFilledHistory(engine, TOTAL, async ({ cached }) =>
    console.log(`${engine}: ${cached ? 'already cached' : 'filled and cached'}`),
  );
