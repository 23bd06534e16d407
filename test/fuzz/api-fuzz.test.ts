// The bounded API fuzz run of `npm test` (about 25 s of requests, then 8 s of streamed bodies): see
// api-fuzz.ts and stream-fuzz.ts. `npm run fuzz` runs the same searches longer; a failure prints the seed
// to replay it (FUZZ_SEED=<seed> npm run fuzz).
import { expect, it } from 'vitest';
import { formatSummary, runApiFuzz } from './api-fuzz.ts';
import { formatStreamSummary, runStreamFuzz } from './stream-fuzz.ts';

const FUZZ_MS = 25_000;
const STREAM_FUZZ_MS = 8_000;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

it(
  'hostile requests from the contract: no 5xx, no unanswered request, no crash, through every role',
  async () => {
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

it(
  'aborted, slow and hostile XML bodies on every route that takes one: no 5xx, no crash',
  async () => {
    const summary = await runStreamFuzz({ timeLimitMs: STREAM_FUZZ_MS, seed });
    console.log(formatStreamSummary(summary));
    expect(Object.keys(summary.byKind).sort()).toEqual(['aborted', 'hostile XML', 'slow']);
    // Slow bodies past the body time limit are answered 408; aborted ones end without an answer.
    expect(summary.statuses['408']).toBeGreaterThan(0);
    expect(summary.byKind.aborted!['no answer (cut off)']).toBeGreaterThan(0);
    expect(summary.failures).toEqual([]);
    expect(summary.serverErrors).toBe(0);
    expect(summary.crashes).toBe(0);
  },
  STREAM_FUZZ_MS + 30_000,
);
