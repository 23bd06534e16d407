// Alerts over real HTTP, on both engines: rules (admins manage, support reads), firing on each kind of
// condition (a course filter said by its title, through the shared names service), one alert per firing
// and at most one per window, resolving, the bell's unread count per
// person, acknowledgements and the audit. The evaluation is run by hand (alerts.runOnce, what the relay
// leader's duty runs) against a clock the test moves; events are stored as the relay stores them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-database.ts';
import { storeCompletion, storeQuizAttempts } from './helpers/alert-events.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

const MINUTE = 60_000;

describe.each(ENGINES)('alerts (%s)', (engine) => {
  let h: Harness;
  let admin: string;
  let support: string;
  let manager: string;
  let clock = Date.now();

  beforeAll(async () => {
    h = await startHarness({
      engine,
      env: { LECTERN_SESSION_IDLE_MINUTES: '10080', LECTERN_URL_ALLOWLIST: '127.0.0.1' },
      server: { now: () => clock },
    });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
    support = await h.sessionCookie('sam@lectern.test', 'support');
    manager = await h.sessionCookie('cm@lectern.test', 'contentManager');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  const evaluate = () => h.server.deps.alerts.runOnce();
  const createRule = async (body: Record<string, unknown>) => {
    const response = await h.http.post('/api/alerts/rules', { cookie: admin, body });
    expect(response.status).toBe(201);
    return response.body.rule as { id: string; version: number };
  };
  const alertsOf = async (ruleId: string) => {
    const response = await h.http.get(`/api/alerts?rule=${ruleId}`, { cookie: support });
    expect(response.status).toBe(200);
    return response.body.alerts as {
      id: string;
      text: string;
      observed: number;
      resolvedAt: string | null;
      acknowledgedBy: string | null;
      unread: boolean;
    }[];
  };

  it('lets admins manage rules, support read them, and nobody else', async () => {
    const body = {
      name: 'Not allowed',
      condition: { type: 'silence', kind: 'courseCompletion', windowMinutes: 30 },
    };
    const bySupport = await h.http.post('/api/alerts/rules', { cookie: support, body });
    expect(bySupport.status).toBe(403);
    expect(bySupport.body).toEqual({
      error: 'forbidden',
      message: 'Refused: this needs the admin role; you are support.',
    });
    expect((await h.http.get('/api/alerts/rules', { cookie: manager })).status).toBe(403);
    expect((await h.http.get('/api/alerts/summary', { cookie: manager })).status).toBe(403);
    expect((await h.http.get('/api/alerts/rules', { cookie: support })).status).toBe(200);

    const bad = await h.http.post('/api/alerts/rules', {
      cookie: admin,
      body: {
        name: 'Bad',
        condition: {
          type: 'burst',
          kind: 'courseCompletion',
          threshold: 5,
          windowMinutes: 0,
          match: { quizResult: 'failed' },
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'bad_request',
      message: 'condition.windowMinutes: must be at least 1 minute',
    });
    const unknownType = await h.http.post('/api/alerts/rules', {
      cookie: admin,
      body: {
        name: 'Bad',
        condition: { type: 'spike', kind: 'courseCompletion', windowMinutes: 5 },
      },
    });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body).toEqual({
      error: 'bad_request',
      message: "condition.type: must be 'burst', 'silence', 'relayLag' or 'kindFailing'",
    });
    const internal = await h.http.post('/api/alerts/rules', {
      cookie: admin,
      body: { ...body, name: 'Intranet', webhookUrl: 'http://intranet.lectern.test/hook' },
    });
    expect(internal.status).toBe(400);
    expect(internal.body.message).toBe(
      'webhookUrl: refused, its host intranet.lectern.test leads to 10.20.30.40, a private network address. An operator can allow it with LECTERN_URL_ALLOWLIST.',
    );
    expect((await h.http.get('/api/alerts/rules', { cookie: admin })).body.rules).toEqual([]);
  });

  it('fires a burst once, stays firing while it holds, resolves, and fires at most once per window', async () => {
    const start = clock;
    const rule = await createRule({
      name: 'Failed quizzes',
      condition: {
        type: 'burst',
        kind: 'quizAttempt',
        threshold: 2,
        windowMinutes: 10,
        match: { quizResult: 'failed' },
      },
    });
    const { relayRepository } = h.server;
    // Passed attempts and two failed ones: not more than 2 failed.
    await storeQuizAttempts(relayRepository, 5, start - 9.5 * MINUTE, true);
    await storeQuizAttempts(relayRepository, 2, start - 9.5 * MINUTE);
    await evaluate();
    expect(await alertsOf(rule.id)).toEqual([]);

    await storeQuizAttempts(relayRepository, 1, start - 9 * MINUTE);
    await evaluate();
    const [first, ...others] = await alertsOf(rule.id);
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      text: '“Failed quizzes”: 3 quiz attempts (failed) within 10 minutes, more than 2.',
      observed: 3,
      resolvedAt: null,
      unread: true,
    });
    const rules = (await h.http.get('/api/alerts/rules', { cookie: support })).body.rules;
    expect(rules[0]).toMatchObject({
      name: 'Failed quizzes',
      state: 'firing',
      description: 'More than 2 quiz attempts (failed only) within 10 minutes',
      lastEvaluatedBy: 'test-console',
      webhookUrl: null,
    });

    // Still holds: no second alert.
    clock = start + 15_000;
    await evaluate();
    expect(await alertsOf(rule.id)).toHaveLength(1);

    // The events leave the window: resolved.
    clock = start + 1.5 * MINUTE;
    await evaluate();
    expect((await alertsOf(rule.id))[0]!.resolvedAt).toBe(new Date(clock).toISOString());

    // It holds again two minutes after it fired: within its window, so no new alert yet...
    await storeQuizAttempts(relayRepository, 4, start + 2 * MINUTE);
    clock = start + 2 * MINUTE;
    await evaluate();
    expect(await alertsOf(rule.id)).toHaveLength(1);
    // ...and once the window since the last firing has passed, one.
    clock = start + 10 * MINUTE;
    await evaluate();
    const after = await alertsOf(rule.id);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ observed: 4, resolvedAt: null });
  });

  it('fires on silence (counted from the rule being set up), and resolves when an event comes', async () => {
    const start = clock;
    const rule = await createRule({
      name: 'No completions',
      condition: { type: 'silence', kind: 'courseCompletion', windowMinutes: 5 },
    });
    clock = start + 4 * MINUTE;
    await evaluate();
    expect(await alertsOf(rule.id)).toEqual([]);
    clock = start + 5 * MINUTE;
    await evaluate();
    expect((await alertsOf(rule.id)).map((alert) => alert.text)).toEqual([
      '“No completions”: No course completions for 5 minutes (none since the rule was set up).',
    ]);
    await storeCompletion(h.server.relayRepository, clock);
    clock += 10_000;
    await evaluate();
    expect((await alertsOf(rule.id))[0]!.resolvedAt).not.toBeNull();
  });

  it('fires on relay lag and on a kind failing for the window', async () => {
    const { relayRepository } = h.server;
    await relayRepository.ensureKind('assignmentSubmission');
    await relayRepository.saveCheckpoint('assignmentSubmission', null, clock - 3 * MINUTE, clock);
    const lag = await createRule({
      name: 'Relay behind',
      condition: { type: 'relayLag', kind: 'assignmentSubmission', windowMinutes: 2 },
    });
    const failing = await createRule({
      name: 'Assignments failing',
      condition: { type: 'kindFailing', kind: null, windowMinutes: 2 },
    });
    await relayRepository.saveProblem('assignmentSubmission', {
      state: 'retrying',
      error: 'The feed answered 503.',
      errorAt: clock,
      throttledUntil: null,
      nextPollAt: clock + 1000,
    });
    await evaluate();
    expect((await alertsOf(lag.id)).map((alert) => alert.text)).toEqual([
      `“Relay behind”: The relay is 3 minutes behind on assignment submissions: no complete poll since ${new Date(clock - 3 * MINUTE).toISOString()}.`,
    ]);
    // Failing is seen now for the first time: pending, not firing.
    expect(await alertsOf(failing.id)).toEqual([]);
    clock += 2 * MINUTE;
    await evaluate();
    expect((await alertsOf(failing.id)).map((alert) => alert.text)).toEqual([
      '“Assignments failing”: The relay has been failing to poll assignment submissions for 2 minutes (last error: The feed answered 503.).',
    ]);
    // A complete poll: both resolve.
    await relayRepository.saveCheckpoint('assignmentSubmission', clock, clock, clock + 1000);
    await evaluate();
    expect((await alertsOf(lag.id))[0]!.resolvedAt).not.toBeNull();
    expect((await alertsOf(failing.id))[0]!.resolvedAt).not.toBeNull();
  });

  it('counts unread per person, acknowledges once for everyone, and audits both', async () => {
    const other = await h.sessionCookie('sid@lectern.test', 'support');
    const summary = await h.http.get('/api/alerts/summary', { cookie: support });
    expect(summary.status).toBe(200);
    const total = (await h.http.get('/api/alerts?limit=500', { cookie: support })).body.alerts
      .length;
    expect(summary.body).toMatchObject({ unread: total, unacknowledged: total });
    expect(total).toBe(5);

    const read = await h.http.post('/api/alerts/read', {
      cookie: support,
      body: { upTo: summary.body.latestSeq },
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ unread: 0, unacknowledged: total });
    // Marking read never moves the marker back.
    await h.http.post('/api/alerts/read', { cookie: support, body: { upTo: 1 } });
    expect((await h.http.get('/api/alerts/summary', { cookie: support })).body.unread).toBe(0);
    expect((await h.http.get('/api/alerts/summary', { cookie: other })).body.unread).toBe(total);

    const [latest] = (await h.http.get('/api/alerts?limit=1', { cookie: other })).body.alerts;
    const acknowledged = await h.http.post(`/api/alerts/${latest.id}/acknowledge`, {
      cookie: other,
    });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body).toMatchObject({ acknowledgedBy: 'sid@lectern.test', unread: true });
    const again = await h.http.post(`/api/alerts/${latest.id}/acknowledge`, { cookie: support });
    expect(again.body.acknowledgedBy).toBe('sid@lectern.test');
    expect((await h.http.get('/api/alerts/summary', { cookie: support })).body).toMatchObject({
      unacknowledged: total - 1,
    });
    expect(
      (await h.http.get('/api/alerts?open=true&limit=500', { cookie: support })).body.alerts,
    ).toHaveLength(total - 1);
    const missing = await h.http.post(
      '/api/alerts/00000000-0000-4000-8000-000000000000/acknowledge',
      { cookie: support },
    );
    expect(missing.status).toBe(404);

    const audit = await h.http.get('/api/audit?user=sid@lectern.test', { cookie: admin });
    expect(audit.body.entries.map((entry: { operation: string }) => entry.operation)).toEqual([
      'acknowledgeAlert',
    ]);
  });

  it('keeps a changed rule from overwriting a newer one, and deletes rules', async () => {
    // Its own rule to collide with: the test does not lean on rules an earlier test left.
    await createRule({
      name: 'Quizzes failed elsewhere',
      condition: { type: 'silence', kind: 'quizAttempt', windowMinutes: 90 },
    });
    const rule = await createRule({
      name: 'To change',
      condition: { type: 'silence', kind: 'quizAttempt', windowMinutes: 60 },
    });
    const input = {
      name: 'Changed',
      enabled: false,
      condition: { type: 'silence', kind: 'quizAttempt', windowMinutes: 30 },
    };
    const changed = await h.http.put(`/api/alerts/rules/${rule.id}`, {
      cookie: admin,
      body: { ...input, version: 1 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.rule).toMatchObject({ name: 'Changed', enabled: false, version: 2 });
    const stale = await h.http.put(`/api/alerts/rules/${rule.id}`, {
      cookie: admin,
      body: { ...input, name: 'Stale', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^“Changed” was changed by admin@lectern\.test at /);
    const taken = await h.http.put(`/api/alerts/rules/${rule.id}`, {
      cookie: admin,
      body: { ...input, name: 'quizzes FAILED elsewhere', version: 2 },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      'Another alert rule is named “quizzes FAILED elsewhere”. Choose another name.',
    );
    expect((await h.http.delete(`/api/alerts/rules/${rule.id}`, { cookie: admin })).status).toBe(
      204,
    );
    expect((await h.http.delete(`/api/alerts/rules/${rule.id}`, { cookie: admin })).status).toBe(
      404,
    );
  });

  it("names the course of a rule's filter by its title, and says when the instance has none", async () => {
    const created = await h.sandbox.api('POST', '/content/course/create', {
      courseAttributes: [{ title: 'Forklift refresher', kind: 'courseGroup', sections: [] }],
    });
    expect(created.status).toBe(200);
    const course = { id: created.body.courseIds[0] as string, title: 'Forklift refresher' };
    const unknown = { id: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a', title: 'Gone course' };
    const { relayRepository } = h.server;
    const named = await createRule({
      name: 'Forklift fails',
      condition: {
        type: 'burst',
        kind: 'quizAttempt',
        threshold: 0,
        windowMinutes: 10,
        match: { course: course.id, quizResult: 'failed' },
      },
    });
    const gone = await createRule({
      name: 'Gone fails',
      condition: {
        type: 'burst',
        kind: 'quizAttempt',
        threshold: 0,
        windowMinutes: 10,
        match: { course: unknown.id },
      },
    });
    await storeQuizAttempts(relayRepository, 2, clock - MINUTE, false, course);
    await storeQuizAttempts(relayRepository, 1, clock - MINUTE, false, unknown);
    await evaluate();
    expect((await alertsOf(named.id)).map((alert) => alert.text)).toEqual([
      '“Forklift fails”: 2 quiz attempts (failed, in course “Forklift refresher”) within 10 minutes, more than 0.',
    ]);
    expect((await alertsOf(gone.id)).map((alert) => alert.text)).toEqual([
      `“Gone fails”: 1 quiz attempt (in unknown course (id ${unknown.id}, deleted or never on the instance)) within 10 minutes, more than 0.`,
    ]);
    // The rules list says the course by its title too (support reads it).
    const listed = await h.http.get('/api/alerts/rules', { cookie: support });
    expect(listed.status).toBe(200);
    const described = Object.fromEntries(
      listed.body.rules.map((rule: { id: string; description: string }) => [
        rule.id,
        rule.description,
      ]),
    );
    expect([described[named.id], described[gone.id]]).toEqual([
      'More than 0 quiz attempts (failed only, course “Forklift refresher”) within 10 minutes',
      `More than 0 quiz attempts (unknown course (id ${unknown.id}, deleted or never on the instance)) within 10 minutes`,
    ]);
    // The titles went to the shared names cache: the console's /api/names answers from it.
    const structureReads = () =>
      h.upstreamRequests.filter((r) => r.url.endsWith(`/courses/${course.id}/structure`)).length;
    expect(structureReads()).toBe(1);
    const cached = await h.http.get(`/api/names?courses=${course.id},${unknown.id}`, {
      cookie: support,
    });
    expect(cached.status).toBe(200);
    expect(
      cached.body.names.map((name: { state: string; title: string | null }) => [
        name.state,
        name.title,
      ]),
    ).toEqual([
      ['found', 'Forklift refresher'],
      ['missing', null],
    ]);
    expect(structureReads()).toBe(1);
  });
});
