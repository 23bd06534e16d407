import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_KINDS, LOGIN_MUTATION, LoginResult } from '#contract/index.ts';
import { DEMO_SEED_HOOK_TIMEOUT_MS, startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { DEMO_HISTORY_EVENTS } from '../../src/sandbox/seed/demo-activity.ts';
import {
  DEMO_LEARNER_COUNT,
  DEMO_LEARNER_PASSWORD,
  DEMO_STAFF_ACCOUNTS,
} from '../../src/sandbox/seed/demo-learners.ts';

describe('demo seed: accounts, meetings and event history', () => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startSandbox({ seed: 'demo' });
  }, DEMO_SEED_HOOK_TIMEOUT_MS);
  afterAll(() => s?.close());

  const login = (email: string, password: string) =>
    s.raw('POST', `/graphql?apiKey=${s.secretKey}`, {
      query: LOGIN_MUTATION,
      variables: { email, password },
    });

  it('creates one staff account per console role and the demo learners, all able to sign in', async () => {
    expect(DEMO_STAFF_ACCOUNTS.map((a) => a.role)).toEqual(['admin', 'contentManager', 'support']);
    for (const account of DEMO_STAFF_ACCOUNTS) {
      const res = await login(account.email, account.password);
      expect(LoginResult.parse(res.body.data).Login.user).toMatchObject({
        firstName: account.firstName,
        lastName: account.lastName,
      });
    }
    const learner = await login(`learner${DEMO_LEARNER_COUNT}@example.test`, DEMO_LEARNER_PASSWORD);
    expect(learner.body.data.Login.token).toEqual(expect.any(String));
    const users = await s.api('GET', '/users?perPage=100');
    expect(users.body.pageInfo.total).toBeGreaterThanOrEqual(DEMO_LEARNER_COUNT + 3);
  });

  it('backfills a week of activity across every kind, before now', async () => {
    const db = s.sandbox.db;
    const total = db.prepare('SELECT COUNT(*) FROM events').pluck().get() as number;
    expect(total).toBe(DEMO_HISTORY_EVENTS);
    const kinds = db.prepare('SELECT DISTINCT kind FROM events').pluck().all();
    expect([...kinds].sort()).toEqual([...EVENT_KINDS].sort());
    const { oldest, newest } = db
      .prepare('SELECT MIN(timestamp) AS oldest, MAX(timestamp) AS newest FROM events')
      .get() as { oldest: number; newest: number };
    expect(Date.now() - oldest).toBeGreaterThan(6 * 24 * 60 * 60_000);
    expect(newest).toBeLessThan(Date.now());
    const page = await s.api('GET', '/events/courseEnrollment');
    expect(page.status).toBe(200);
    expect(page.body.events.length).toBeGreaterThan(0);
  });

  it('lists a few meetings', async () => {
    const res = await s.api('GET', '/meetings');
    expect(res.status).toBe(200);
    expect(res.body.meetings).toHaveLength(6);
    expect(
      res.body.meetings.filter((m: { courseId: string | null }) => m.courseId).length,
    ).toBeGreaterThan(0);
  });
});
