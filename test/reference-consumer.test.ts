// The reference consumer (test/helpers/reference-consumer.ts) reads 5,000 simulated events through
// the real HTTP feed while 20% of feed requests fail (500, 429, connection reset) and the feed is
// throttled, with events arriving between and during polls: it ends with every event exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_KINDS, type LearnerEvent } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from './helpers/sandbox.ts';
import {
  createCourses,
  createLearners,
  createLearningPath,
  learnerAccounts,
  putSettings,
  simulate,
} from './helpers/learner-fixtures.ts';
import { ReferenceConsumer, retryAfterMs } from './helpers/reference-consumer.ts';

const TOTAL = 5000;

describe('reference consumer under faults', () => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startSandbox();
    await createCourses(s, 3);
    createLearningPath(s);
    createLearningPath(s);
    await createLearners(s, learnerAccounts(10, 'consumer'));
    await putSettings(s, {
      seed: 20_240_601,
      // Tight enough that the consumer meets real 429s too.
      eventsRateLimit: { perMinute: 3000, burst: 20 },
      // Sequential rolls: 1 - (0.93 * 0.925 * 0.93) = 20% of feed requests fail.
      faults: [
        { route: '/events/*', status: 500, rate: 0.07 },
        { route: '/events/*', status: 429, rate: 0.075 },
        { route: '/events/*', reset: true, rate: 0.07 },
      ],
    });
  });
  afterAll(() => s.close());

  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(61_000).toUTCString(), 1000)).toBe(60_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('ends with all 5,000 events, none handled twice', { timeout: 90_000 }, async () => {
    const handledCount = new Map<string, number>();
    const handled: LearnerEvent[] = [];
    const consumer = new ReferenceConsumer({
      apiUrl: s.apiUrl,
      apiKey: s.secretKey,
      kinds: EVENT_KINDS,
      backoff: { baseMs: 20, capMs: 500 },
      handle: (event) => {
        handledCount.set(event.id, (handledCount.get(event.id) ?? 0) + 1);
        handled.push(event);
      },
    });

    // Round 1: a backlog. Round 2: more between polls. Round 3: events keep arriving during polls,
    // all in the same millisecond (a frozen clock): every walk that ends in round 3 leaves its
    // checkpoint on a timestamp that later events still carry.
    expect((await simulate(s, 2000)).total).toBe(2000);
    await consumer.pollAll();
    expect((await simulate(s, 1500)).total).toBe(1500);
    await consumer.pollAll();
    const frozen = Date.now() + 1000;
    const realNow = s.sandbox.deps.now;
    s.sandbox.deps.now = () => frozen;
    let arrived = false;
    const arriving = (async () => {
      for (let i = 0; i < 10; i++) {
        expect((await simulate(s, 150)).total).toBe(150);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      arrived = true;
    })();
    try {
      while (!arrived) await consumer.pollAll();
      await arriving;
    } finally {
      s.sandbox.deps.now = realNow;
    }
    // Drain: poll until a full round finds nothing new (walks abandoned under faults are retried).
    for (let quiet = 0, rounds = 0; quiet < 2 && rounds < 50; rounds++)
      quiet = (await consumer.pollAll()) === 0 && consumer.processed.size === TOTAL ? quiet + 1 : 0;

    const stored = s.sandbox.db.prepare('SELECT id FROM events').pluck().all() as string[];
    expect(stored).toHaveLength(TOTAL);
    expect(consumer.processed.size).toBe(TOTAL);
    expect(new Set(stored)).toEqual(consumer.processed);
    expect(handled).toHaveLength(TOTAL);
    expect([...handledCount.values()].every((n) => n === 1)).toBe(true);

    // Per kind, the checkpoint is the newest event of that kind.
    for (const kind of EVENT_KINDS) {
      const newest = s.sandbox.db
        .prepare('SELECT MAX(timestamp) FROM events WHERE kind = ?')
        .pluck()
        .get(kind) as number;
      expect(consumer.checkpoints.get(kind), kind).toBe(newest);
    }
    // Every failure mode was met and survived; restarts from inclusive checkpoints saw repeats.
    const { stats } = consumer;
    expect(stats.serverErrors).toBeGreaterThan(0);
    expect(stats.throttled).toBeGreaterThan(0);
    expect(stats.resets).toBeGreaterThan(0);
    expect(stats.duplicates).toBeGreaterThan(0);
    const failed = stats.serverErrors + stats.throttled + stats.resets;
    expect(failed / stats.requests).toBeGreaterThan(0.1);
  });
});
