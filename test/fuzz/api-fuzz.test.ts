// The bounded API fuzz run of `npm test` (about 25 s of requests): see api-fuzz.ts. `npm run fuzz` runs the
// same search longer; a failure prints the seed to replay it (FUZZ_SEED=<seed> npm run fuzz).
import { expect, it } from 'vitest';
import { formatSummary, runApiFuzz } from './api-fuzz.ts';

const FUZZ_MS = 25_000;

it(
  'hostile requests from the contract: no 5xx, no unanswered request, no crash, through every role',
  async () => {
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
    const summary = await runApiFuzz({ timeLimitMs: FUZZ_MS, seed });
    console.log(formatSummary(summary));
    expect(summary.requests).toBeGreaterThan(500);
    expect(Object.keys(summary.byTarget).sort()).toEqual(
      ['admin', 'anonymous', 'contentManager', 'noRole', 'sandbox', 'support'].sort(),
    );
    expect(summary.failures).toEqual([]);
    expect(summary.serverErrors).toBe(0);
  },
  FUZZ_MS + 30_000,
);
