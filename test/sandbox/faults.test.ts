import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FEED_MESSAGES } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { putSettings } from '../helpers/learner-fixtures.ts';
import { routePattern } from '../../src/sandbox/plugins/faults.ts';

describe('fault injection', () => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startSandbox();
    await putSettings(s, { eventsRateLimit: { perMinute: 100_000, burst: 10_000 } });
  });
  afterEach(() => putSettings(s, { faults: [] }));
  afterAll(() => s.close());

  const faults = (list: Record<string, unknown>[], seed?: number) =>
    putSettings(s, seed === undefined ? { faults: list } : { faults: list, seed });

  it('answers the configured status on matching routes only', async () => {
    for (const status of [500, 503] as const) {
      await faults([{ route: '/events/*', status, rate: 1 }]);
      const res = await s.api('GET', '/events/courseAction');
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ errors: [FEED_MESSAGES.injectedFault] });
      expect(res.headers.get('retry-after')).toBeNull();
      expect((await s.api('GET', '/courseGroups')).status).toBe(200);
    }
  });

  it('adds Retry-After: 1 to an injected 429', async () => {
    await faults([{ route: '/events/*', status: 429, rate: 1 }]);
    const res = await s.api('GET', '/events/quizAttempt');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
  });

  it('resets the connection without a response', async () => {
    await faults([{ route: '/events/courseAction', reset: true, rate: 1 }]);
    const error = await s.api('GET', '/events/courseAction').then(
      () => undefined,
      (e: Error & { cause?: { code?: string; message?: string } }) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error!.cause?.code ?? error!.cause?.message).toMatch(
      /ECONNRESET|UND_ERR_SOCKET|other side closed/,
    );
    expect((await s.api('GET', '/events/quizAttempt')).status).toBe(200);
  });

  it('delays matching requests, then answers normally', async () => {
    await faults([{ route: '/events/*', delayMs: 300, rate: 1 }]);
    const started = performance.now();
    const res = await s.api('GET', '/events/courseAction');
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('runs before authentication, filters by method, and matches full paths like /graphql', async () => {
    await faults([
      { route: '/events/*', method: 'POST', status: 500, rate: 1 },
      { route: '/courseGroups', method: 'GET', status: 503, rate: 1 },
      { route: '/graphql', status: 500, rate: 1 },
    ]);
    expect((await s.api('GET', '/events/courseAction')).status).toBe(200);
    expect((await s.api('GET', '/courseGroups', undefined, null)).status).toBe(503);
    expect(
      (await s.raw('POST', `/graphql?apiKey=${s.secretKey}`, { query: '{ __typename }' })).status,
    ).toBe(500);
  });

  it('never touches the /sandbox management API', async () => {
    await faults([{ route: '*', status: 500, rate: 1 }]);
    expect((await s.api('GET', '/tags')).status).toBe(500);
    const settings = await s.raw('GET', '/sandbox/settings', undefined, {
      authorization: `Bearer ${s.secretKey}`,
    });
    expect(settings.status).toBe(200);
  });

  it('is deterministic with a seed, and injects at about the configured rate', async () => {
    const run = async () => {
      const out: number[] = [];
      for (let i = 0; i < 200; i++) out.push((await s.api('GET', '/events/courseAction')).status);
      return out;
    };
    await faults([{ route: '/events/*', status: 500, rate: 0.2 }], 42);
    const first = await run();
    await faults([{ route: '/events/*', status: 500, rate: 0.2 }], 42);
    const second = await run();
    expect(second).toEqual(first);
    const injected = first.filter((status) => status === 500).length;
    expect(injected).toBeGreaterThan(20);
    expect(injected).toBeLessThan(60);
    await faults([{ route: '/events/*', status: 500, rate: 0.2 }], 7);
    expect(await run()).not.toEqual(first);
  });

  it('compiles route patterns literally except for *', () => {
    expect(routePattern('/events/*').test('/events/courseAction')).toBe(true);
    expect(routePattern('/events/*').test('/events/')).toBe(false);
    expect(routePattern('/events/*').test('/eventsX/a')).toBe(false);
    expect(routePattern('/content/(x).xlf').test('/content/(x).xlf')).toBe(true);
    expect(routePattern('/content/(x).xlf').test('/content/x.xlf')).toBe(false);
  });
});
