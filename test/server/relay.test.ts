// The event relay against the real sandbox feed: storage and status, history with filters, SSE with
// Last-Event-ID resume, Retry-After, backoff on 5xx, no quick retries on other 4xx, and retention. The
// store-facing parts run on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCourses,
  createLearners,
  createLearningPath,
  learnerAccounts,
  putSettings,
  simulate,
} from '../helpers/learner-fixtures.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { startHarness, type Harness, type HarnessOptions } from './helpers/console-harness.ts';
import { storedEventCount } from './helpers/relay-store.ts';
import { SseReader } from './helpers/sse-client.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function relayHarness(kinds: string, options: HarnessOptions = {}): Promise<Harness> {
  const h = await startHarness({
    ...options,
    env: { LECTERN_RELAY_KINDS: kinds, LECTERN_RELAY_POLL_MS: '100', ...options.env },
    configure: (config) => {
      config.relay.backoffBaseMs = 200;
      config.relay.backoffCapMs = 1000;
      config.relay.heartbeatMs = 300;
      options.configure?.(config);
    },
  });
  await createCourses(h.sandbox, 2);
  createLearningPath(h.sandbox);
  await createLearners(h.sandbox, learnerAccounts(6, 'relay'));
  return h;
}

const sandboxEventCount = (h: Harness, kind?: string) =>
  h.sandbox.sandbox.db
    .prepare(`SELECT COUNT(*) FROM events${kind ? ' WHERE kind = ?' : ''}`)
    .pluck()
    .get(...(kind ? [kind] : [])) as number;

const relayEventCount = (h: Harness, kind?: string) => storedEventCount(h.server.store.db, kind);

const relaySeqsAfter = async (h: Harness, afterSeq: number) =>
  (
    await h.server.store.db
      .selectFrom('relay_events')
      .select('seq')
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .execute()
  ).map((row) => row.seq);

const caughtUp = async (h: Harness) => (await relayEventCount(h)) === sandboxEventCount(h);

const feedRequests = (h: Harness, kind: string) =>
  h.upstreamRequests.filter((r) => r.url.startsWith(`/incoming/v2/events/${kind}`)).length;

describe.each(ENGINES)('event relay (%s)', (engine) => {
  let h: Harness;
  let support: string;
  beforeAll(async () => {
    h = await relayHarness('all', { engine });
    support = await h.sessionCookie('support@lectern.test', 'support');
    await simulate(h.sandbox, 400);
    await until(() => caughtUp(h), 15_000, 'relay to catch up');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    expect(h.logLeaks).toEqual([]);
    await h.close();
  });

  it('stores every event once and reports a status per kind', async () => {
    const status = await h.http.get('/api/events/status', { cookie: support });
    expect(status.status).toBe(200);
    expect(status.body.kinds).toHaveLength(8);
    for (const kind of status.body.kinds) {
      expect(kind).toMatchObject({ state: 'ok', error: null, throttledUntil: null });
      expect(kind.lastSuccessAt).toBeGreaterThan(0);
      expect(kind.lagMs).toBeGreaterThanOrEqual(0);
      expect(kind.nextPollAt).toBeGreaterThan(0);
      expect(kind.storedTotal).toBe(sandboxEventCount(h, kind.kind));
      if (kind.storedTotal > 0) {
        const newest = h.sandbox.sandbox.db
          .prepare('SELECT MAX(timestamp) FROM events WHERE kind = ?')
          .pluck()
          .get(kind.kind);
        expect(kind.checkpoint).toBe(newest);
      }
    }
    const ids = (
      await h.server.store.db.selectFrom('relay_events').select('event_id').execute()
    ).map((row) => row.event_id);
    const expected = h.sandbox.sandbox.db
      .prepare('SELECT id FROM events')
      .pluck()
      .all() as string[];
    expect(new Set(ids)).toEqual(new Set(expected));
    expect(ids.length).toBe(expected.length);
  });

  it('pages history newest first with kind, learner, course and time filters', async () => {
    const all: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await h.http.get(`/api/events?limit=150${cursor ? `&cursor=${cursor}` : ''}`, {
        cookie: support,
      });
      expect(page.status).toBe(200);
      all.push(...page.body.items.map((item: { seq: number }) => item.seq));
      cursor = page.body.pageInfo.cursor;
    } while (cursor);
    expect(all.length).toBe(sandboxEventCount(h));
    expect(all).toEqual([...all].sort((a, b) => b - a));

    const quiz = await h.http.get('/api/events?kind=quizAttempt,courseCompletion&limit=500', {
      cookie: support,
    });
    expect(quiz.body.items.length).toBe(
      sandboxEventCount(h, 'quizAttempt') + sandboxEventCount(h, 'courseCompletion'),
    );
    for (const item of quiz.body.items)
      expect(['quizAttempt', 'courseCompletion']).toContain(item.event.kind);

    const sample = quiz.body.items[0].event;
    const byEmail = await h.http.get(
      `/api/events?learner=${encodeURIComponent(sample.learner.email.toUpperCase())}&limit=500`,
      {
        cookie: support,
      },
    );
    expect(byEmail.body.items.length).toBeGreaterThan(0);
    for (const item of byEmail.body.items)
      expect(item.event.learner.email).toBe(sample.learner.email);
    const byName = await h.http.get(
      `/api/events?learner=${encodeURIComponent(sample.learner.firstName)}&limit=500`,
      {
        cookie: support,
      },
    );
    expect(byName.body.items.length).toBeGreaterThanOrEqual(byEmail.body.items.length);

    const byCourse = await h.http.get(`/api/events?course=${sample.course.id}&limit=500`, {
      cookie: support,
    });
    expect(byCourse.body.items.length).toBeGreaterThan(0);
    for (const item of byCourse.body.items) expect(item.event.course.id).toBe(sample.course.id);

    const before = await h.http.get(`/api/events?to=${sample.timestamp}&limit=500`, {
      cookie: support,
    });
    for (const item of before.body.items)
      expect(item.event.timestamp).toBeLessThan(sample.timestamp);
    const after = await h.http.get(
      `/api/events?from=${new Date(sample.timestamp).toISOString()}&limit=500`,
      {
        cookie: support,
      },
    );
    for (const item of after.body.items)
      expect(item.event.timestamp).toBeGreaterThanOrEqual(sample.timestamp);
    expect(all.length).toBeLessThan(500); // so both pages hold everything on their side
    expect(before.body.items.length + after.body.items.length).toBe(all.length);

    const bad = await h.http.get('/api/events?kind=bogus', { cookie: support });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('bad_request');
  });

  it('streams events over SSE and resumes after Last-Event-ID without gaps or duplicates', async () => {
    const total = await relayEventCount(h);
    const sse = new SseReader(h.http);
    await sse.open('/api/events/stream?lastEventId=0', { cookie: support });
    expect(sse.status).toBe(200);
    expect(sse.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(sse.headers['cache-control']).toBe('no-store, no-transform');
    expect(String(sse.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    await sse.waitFor(() => sse.events().length >= total, 5000, 'the backlog');
    const first = sse.events();
    expect(sse.statuses()[0]!.data).toContain('"kinds"');
    const half = first[Math.floor(first.length / 2)]!;
    await sse.close();

    await simulate(h.sandbox, 100);
    await until(() => caughtUp(h), 10_000, 'relay to catch up');
    const resumed = new SseReader(h.http);
    await resumed.open('/api/events/stream', { cookie: support, 'last-event-id': half.id! });
    // Every stored event after the resume point, in order (seq is monotonic, not necessarily dense).
    const expectedIds = await relaySeqsAfter(h, Number(half.id));
    await resumed.waitFor(
      () => resumed.events().length >= expectedIds.length,
      5000,
      'the resumed backlog',
    );
    await sleep(200);
    const ids = resumed.events().map((message) => Number(message.id));
    expect(ids).toEqual(expectedIds);
    const firstResumed = await h.server.store.db
      .selectFrom('relay_events')
      .select('event_id')
      .where('seq', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(resumed.events()[0]!.data).id).toBe(firstResumed.event_id);
    await resumed.close();
  });

  it('filters the stream by kinds and starts live without Last-Event-ID', async () => {
    const sse = new SseReader(h.http);
    await sse.open('/api/events/stream?kinds=quizAttempt', { cookie: support });
    await sse.waitFor(() => sse.statuses().length >= 1, 2000, 'the first status');
    expect(sse.events()).toHaveLength(0);
    await simulate(h.sandbox, 200);
    const quizBefore = await relayEventCount(h, 'quizAttempt');
    await until(() => caughtUp(h), 10_000, 'relay to catch up');
    const quizAfter = sandboxEventCount(h, 'quizAttempt');
    const live = quizAfter - quizBefore;
    await sse.waitFor(() => sse.events().length >= live, 5000, 'live quiz attempts');
    await sleep(300);
    expect(sse.events().length).toBe(live);
    for (const message of sse.events()) expect(JSON.parse(message.data).kind).toBe('quizAttempt');
    await sse.close();
  });

  it('sends status as heartbeats and ends the stream when the session is signed out', async () => {
    const cookie = await h.sessionCookie('watcher@lectern.test', 'support');
    const sse = new SseReader(h.http);
    await sse.open('/api/events/stream', { cookie });
    await sse.waitFor(() => sse.statuses().length >= 3, 3000, 'heartbeat statuses');
    await h.http.delete('/api/session', { cookie });
    await Promise.race([
      sse.ended,
      sleep(3000).then(() => Promise.reject(new Error('stream stayed open'))),
    ]);
  });

  it('refuses the stream without a session or role', async () => {
    const anonymous = await h.http.get('/api/events/stream');
    expect(anonymous.status).toBe(401);
    const nobody = await h.http.get('/api/events/stream', {
      cookie: await h.sessionCookie('n@x.test', null),
    });
    expect(nobody.status).toBe(403);
    expect(nobody.body.error).toBe('no_access');
    const history = await h.http.get('/api/events');
    expect(history.status).toBe(401);
  });

  it('deletes events older than the retention period', async () => {
    const repo = h.server.relayRepository;
    const old = Date.now() - 31 * 86_400_000;
    await repo.insertPage(
      'courseAction',
      [1, 2, 3].map((n) => ({
        eventId: `old-${n}`,
        kind: 'courseAction',
        timestamp: old,
        learnerId: null,
        learnerEmail: null,
        learnerName: null,
        courseId: null,
        learningPathId: null,
        payload: '{}',
      })),
      Date.now(),
    );
    const before = await relayEventCount(h);
    await h.server.relay.applyRetention();
    expect(await relayEventCount(h)).toBe(before - 3);
    const old3 = await h.server.store.db
      .selectFrom('relay_events')
      .select('event_id')
      .where('event_id', 'like', 'old-%')
      .execute();
    expect(old3).toEqual([]);
  });
});

describe('event relay error handling', () => {
  it('honours Retry-After on 429 and recovers', async () => {
    const h = await relayHarness('courseEnrollment');
    try {
      await until(() => h.server.relay.status().kinds[0]!.state === 'ok', 5000, 'first poll');
      await putSettings(h.sandbox, {
        faults: [{ route: '/events/courseEnrollment', status: 429, rate: 1 }],
      });
      await until(() => h.server.relay.status().kinds[0]!.state === 'throttled', 3000, 'throttled');
      const status = h.server.relay.status();
      expect(status.kinds[0]!.throttledUntil).toBeGreaterThan(Date.now());
      expect(status.throttledUntil).toBe(status.kinds[0]!.throttledUntil);
      const start = feedRequests(h, 'courseEnrollment');
      await sleep(2500); // Retry-After: 1 -> at most one request per second, not one per 100 ms poll
      expect(feedRequests(h, 'courseEnrollment') - start).toBeLessThanOrEqual(3);
      await putSettings(h.sandbox, { faults: [] });
      await simulate(h.sandbox, 30, ['courseEnrollment']);
      await until(() => caughtUp(h), 5000, 'recovery');
      expect(h.server.relay.status().kinds[0]).toMatchObject({ state: 'ok', error: null });
    } finally {
      await h.close();
    }
  });

  it('backs off exponentially on 5xx and reports the error', async () => {
    const h = await relayHarness('courseAction');
    try {
      await putSettings(h.sandbox, {
        faults: [{ route: '/events/courseAction', status: 500, rate: 1 }],
      });
      await until(() => h.server.relay.status().kinds[0]!.state === 'retrying', 3000, 'retrying');
      expect(h.server.relay.status().kinds[0]!.error).toBe('feed answered 500');
      const start = feedRequests(h, 'courseAction');
      await sleep(3000);
      // At a 100 ms poll interval this would be ~30; backoff (200 ms base, 1 s cap, full jitter) keeps it low.
      expect(feedRequests(h, 'courseAction') - start).toBeLessThan(15);
      await putSettings(h.sandbox, { faults: [] });
      await until(() => h.server.relay.status().kinds[0]!.state === 'ok', 3000, 'recovery');
    } finally {
      await h.close();
    }
  });

  it('does not retry other 4xx quickly: a revoked key is reported and polled again only much later', async () => {
    let key = '';
    const h = await relayHarness('quizAttempt', {
      upstream: async (sandbox) => {
        const created = await sandbox.raw(
          'POST',
          '/sandbox/keys',
          { permissions: [] },
          {
            authorization: `Bearer ${sandbox.secretKey}`,
          },
        );
        key = created.body.key;
        return { baseUrl: sandbox.baseUrl, apiKey: key, graphqlPath: '/graphql' };
      },
      configure: (config) => {
        config.relay.clientErrorBackoffMs = 60_000;
      },
    });
    try {
      await until(() => h.server.relay.status().kinds[0]!.state === 'ok', 5000, 'first poll');
      await h.sandbox.raw('DELETE', `/sandbox/keys/${key}`, undefined, {
        authorization: `Bearer ${h.sandbox.secretKey}`,
      });
      await until(() => h.server.relay.status().kinds[0]!.state === 'error', 3000, 'error state');
      expect(h.server.relay.status().kinds[0]!.error).toBe('feed answered 401 (API key refused)');
      const start = feedRequests(h, 'quizAttempt');
      await sleep(1500);
      expect(feedRequests(h, 'quizAttempt')).toBe(start);
    } finally {
      await h.close();
    }
  });
});

describe.each(ENGINES)('event relay restart (%s)', (engine) => {
  it('restarts inclusively from the durable checkpoint after a restart', async () => {
    const h = await relayHarness('courseEnrollment', { engine });
    try {
      await simulate(h.sandbox, 50, ['courseEnrollment']);
      // Events are stored page by page; the chain's checkpoint is saved after its last page.
      await until(
        async () => (await caughtUp(h)) && h.server.relay.status().kinds[0]!.checkpoint !== null,
        5000,
        'catch up',
      );
      await h.server.relay.stop();
      // What the stopped relay left in the store (a chain may have ended while it stopped).
      const stored = await h.server.store.db
        .selectFrom('relay_kinds')
        .select('checkpoint')
        .where('kind', '=', 'courseEnrollment')
        .executeTakeFirstOrThrow();
      const checkpoint = stored.checkpoint === null ? null : Number(stored.checkpoint);
      expect(checkpoint).not.toBeNull();
      const before = h.upstreamRequests.length;
      // A new relay on the same store resumes from the checkpoint (inclusive), not from scratch.
      const { createRelayService } = await import('../../src/server/relay/relay-service.ts');
      const relay = createRelayService({
        upstream: h.server.deps.upstream,
        repo: h.server.relayRepository,
        config: h.config.relay,
        now: Date.now,
        log: h.server.log,
        coordination: h.server.coordination,
      });
      await relay.start();
      await until(() => relay.leadership().role === 'leader', 3000, 'leadership');
      expect(relay.status().kinds[0]!.checkpoint).toBe(checkpoint);
      await until(() => h.upstreamRequests.length > before, 3000, 'a poll');
      expect(h.upstreamRequests[before]!.url).toBe(
        `/incoming/v2/events/courseEnrollment?startDate=${checkpoint}`,
      );
      await relay.stop();
      expect(await relayEventCount(h)).toBe(sandboxEventCount(h));
    } finally {
      await h.close();
    }
  });
});
