import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FEED_MESSAGES } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { putSettings } from '../helpers/learner-fixtures.ts';
import { seedDemoMeetings } from '../../src/sandbox/seed/demo-meetings.ts';
import { DEFAULT_SETTINGS } from '../../src/sandbox/settings.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('throttling (spec 7.3, 8)', () => {
  let s: TestSandbox;
  let permissionedKey: string;
  const generous = { perMinute: 100_000, burst: 1000 };

  beforeAll(async () => {
    s = await startSandbox();
    const res = await s.raw(
      'POST',
      '/sandbox/keys',
      { permissions: ['courses.new'] },
      {
        authorization: `Bearer ${s.secretKey}`,
      },
    );
    permissionedKey = res.body.key;
  });
  beforeEach(() =>
    putSettings(s, {
      eventsRateLimit: generous,
      usersRateLimit: generous,
      meetingsRateLimit: generous,
    }),
  );
  afterAll(() => s.close());

  const statuses = async (path: string, n: number, key?: string) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await s.api('GET', path, undefined, key)).status);
    return out;
  };

  it('documents its defaults', async () => {
    const res = await s.raw('GET', '/sandbox/settings', undefined, {
      authorization: `Bearer ${s.secretKey}`,
    });
    expect(DEFAULT_SETTINGS.eventsRateLimit).toEqual({ perMinute: 600, burst: 60 });
    expect(DEFAULT_SETTINGS.usersRateLimit).toEqual({ perMinute: 120, burst: 20 });
    expect(DEFAULT_SETTINGS.meetingsRateLimit).toEqual({ perMinute: 120, burst: 20 });
    expect(res.body.eventsRateLimit).toEqual(generous);
  });

  it('answers 429 with Retry-After once the burst is spent, and recovers after waiting', async () => {
    await putSettings(s, { eventsRateLimit: { perMinute: 60, burst: 3 } });
    expect(await statuses('/events/courseAction', 3)).toEqual([200, 200, 200]);
    const limited = await s.api('GET', '/events/quizAttempt');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body).toEqual({ errors: [FEED_MESSAGES.rateLimited(1)] });
    await sleep(1050);
    expect(await statuses('/events/courseAction', 2)).toEqual([200, 429]);
  });

  it('gives Retry-After in whole seconds, rounded up', async () => {
    await putSettings(s, { eventsRateLimit: { perMinute: 7, burst: 1 } });
    expect((await s.api('GET', '/events/courseAction')).status).toBe(200);
    const limited = await s.api('GET', '/events/courseAction');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('9'); // 60/7 = 8.57 s
    expect(limited.body.errors).toEqual([FEED_MESSAGES.rateLimited(9)]);
  });

  it('keeps one bucket per API key and one per route group', async () => {
    const tight = { perMinute: 1, burst: 2 };
    await putSettings(s, {
      eventsRateLimit: tight,
      usersRateLimit: tight,
      meetingsRateLimit: tight,
    });
    expect(await statuses('/events/courseAction', 3)).toEqual([200, 200, 429]);
    expect(await statuses('/events/courseAction', 3, permissionedKey)).toEqual([200, 200, 429]);
    expect(await statuses('/users', 3)).toEqual([200, 200, 429]);
    expect(await statuses('/meetings', 3)).toEqual([200, 200, 429]);
    // Other reads are not throttled.
    expect(await statuses('/courseGroups', 5)).toEqual([200, 200, 200, 200, 200]);
  });

  it('never throttles create and update', async () => {
    const none = { perMinute: 1, burst: 1 };
    await putSettings(s, { eventsRateLimit: none, usersRateLimit: none, meetingsRateLimit: none });
    for (let i = 0; i < 4; i++) {
      const created = await s.api('POST', '/content/course/create', {
        courseAttributes: [{ title: `Unthrottled ${i}`, kind: 'microCourse' }],
      });
      expect(created.status).toBe(200);
      const updated = await s.api('PUT', '/content/course/update', {
        courseAttributes: {
          courseGroups: [{ id: created.body.courseGroupIds[0], description: `v${i}` }],
        },
      });
      expect(updated.status, updated.text).toBe(200);
    }
  });

  it('applies new limits at once: changing them empties the buckets', async () => {
    await putSettings(s, { eventsRateLimit: { perMinute: 1, burst: 1 } });
    expect(await statuses('/events/courseAction', 2)).toEqual([200, 429]);
    await putSettings(s, { eventsRateLimit: { perMinute: 1, burst: 2 } });
    expect(await statuses('/events/courseAction', 3)).toEqual([200, 200, 429]);
  });

  it('serves the meetings route as a paginated list', async () => {
    seedDemoMeetings(s.sandbox.db, s.sandbox.company.id, Date.UTC(2025, 5, 1));
    const first = await s.api('GET', '/meetings?perPage=4');
    expect(first.status).toBe(200);
    expect(first.body.pageInfo).toMatchObject({ perPage: 4, total: 6, hasMore: true });
    expect(first.body.meetings[0]).toMatchObject({
      title: 'Onboarding live session',
      startsAt: '2025-06-08T00:00:00.000Z',
      durationMinutes: 60,
    });
    const cursor = encodeURIComponent(first.body.pageInfo.cursor);
    const second = await s.api('GET', `/meetings?perPage=4&cursor=${cursor}`);
    expect(second.body.pageInfo).toEqual({ perPage: 2, total: 6, hasMore: false });
  });
});
