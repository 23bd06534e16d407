// Presence and edit leases over real HTTP, on both engines: heartbeats (no audit row unless refused),
// the first editor's lease, take-over and an admin's end (audited), leaving with a grace that a reload
// survives, expiry of a silent tab, the admins' list, and the live stream pushing each change. The
// servers' clock is the test's: expiry is reached by moving it and sweeping, never by waiting.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoursePresence } from '#contract/console/presence.ts';
import { buildConsoleServer, type ConsoleServer } from '../../src/server/app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { ScanningClient } from './helpers/scanning-client.ts';
import { SseReader } from './helpers/sse-client.ts';

const TTL_MS = 20_000;

/** A tab of the test: its ids. */
function tabOf(browser: string, n: number) {
  return {
    tabId: `tab-${browser}-${n}-${randomUUID().slice(0, 8)}`,
    browserId: `browser-${browser}`,
    loadId: `load-${randomUUID().slice(0, 12)}`,
  };
}
type Tab = ReturnType<typeof tabOf>;

describe.each(ENGINES)('presence and edit leases (%s)', (engine) => {
  let h: Harness;
  let clock = Date.parse('2026-11-25T10:00:00.000Z');
  let ann: string;
  let bob: string;
  let admin: string;
  let support: string;

  beforeAll(async () => {
    h = await startHarness({ engine, server: { now: () => clock } });
    ann = await h.sessionCookie('ann@lectern.test', 'contentManager');
    bob = await h.sessionCookie('bob@lectern.test', 'contentManager');
    admin = await h.sessionCookie('ada@lectern.test', 'admin');
    support = await h.sessionCookie('sam@lectern.test', 'support');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  const beat = (cookie: string, courseId: string, tab: Tab, claim = false, title = 'Safety') =>
    h.http.put(`/api/presence/courses/${courseId}/tabs/${tab.tabId}`, {
      cookie,
      body: { browserId: tab.browserId, loadId: tab.loadId, title, claim },
    });
  const auditOf = async (operation: string) =>
    (await h.http.get(`/api/audit?route=${operation}&limit=10`, { cookie: admin })).body
      .entries as {
      operation: string;
      summary: string;
      status: number;
      userEmail: string;
    }[];

  it('the first editor takes the lease; a second sees it, as present but not editing', async () => {
    const course = randomUUID();
    const annTab = tabOf('ann', 1);
    const first = await beat(ann, course, annTab, true);
    expect(first.status).toBe(200);
    const since = new Date(clock).toISOString();
    expect(first.body).toEqual({
      courseId: course,
      present: [
        {
          tabId: annTab.tabId,
          browserId: annTab.browserId,
          email: 'ann@lectern.test',
          name: 'Test contentManager',
          since,
          editing: true,
        },
      ],
      lease: {
        tabId: annTab.tabId,
        browserId: annTab.browserId,
        email: 'ann@lectern.test',
        name: 'Test contentManager',
        since,
      },
      lastEnding: null,
      heartbeatMs: 8000,
      serverTime: since,
    });

    clock += 1000;
    const bobTab = tabOf('bob', 1);
    const second = (await beat(bob, course, bobTab, true)).body as CoursePresence;
    expect(second.lease?.tabId).toBe(annTab.tabId);
    expect(second.present.map((tab) => [tab.email, tab.editing])).toEqual([
      ['ann@lectern.test', true],
      ['bob@lectern.test', false],
    ]);
  });

  it('heartbeats write no audit row; a refused one does', async () => {
    const course = randomUUID();
    await beat(ann, course, tabOf('ann', 2), true);
    expect(await auditOf('beatPresence')).toEqual([]);
    const refused = await beat(support, course, tabOf('sam', 1));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'forbidden',
      message: 'Refused: this needs the admin or contentManager role; you are support.',
    });
    // A refused call's row is written once it is answered.
    await vi.waitFor(async () => {
      const rows = await auditOf('beatPresence');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 403, userEmail: 'sam@lectern.test' });
    });
  });

  it('checks the ids it is given', async () => {
    const bad = await h.http.put('/api/presence/courses/not-a-course/tabs/x', {
      cookie: ann,
      body: { browserId: 'short', loadId: 'load-1234567' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'bad_request',
      message: 'courseId: must be a course id',
    });
    const badTab = await h.http.put(`/api/presence/courses/${randomUUID()}/tabs/x`, {
      cookie: ann,
      body: { browserId: 'browser-1234', loadId: 'load-1234567' },
    });
    expect(badTab.body.message).toBe('tabId: must be a tab id: 8 to 64 letters, digits, - or _');
  });

  it('"Edit here instead" takes the lease over and records how the last one ended', async () => {
    const course = randomUUID();
    const annTab = tabOf('ann', 3);
    const bobTab = tabOf('bob', 3);
    await beat(ann, course, annTab, true);
    await beat(bob, course, bobTab, true);
    clock += 5000;
    const taken = await h.http.put(`/api/presence/courses/${course}/lease`, {
      cookie: bob,
      body: { tabId: bobTab.tabId },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.lease).toMatchObject({ tabId: bobTab.tabId, email: 'bob@lectern.test' });
    expect(taken.body.lastEnding).toEqual({
      tabId: annTab.tabId,
      email: 'ann@lectern.test',
      how: 'takenOver',
      byEmail: 'bob@lectern.test',
      byName: 'Test contentManager',
      at: new Date(clock).toISOString(),
    });
    await vi.waitFor(async () =>
      expect((await auditOf('takeEditLease'))[0]).toMatchObject({
        status: 200,
        userEmail: 'bob@lectern.test',
        summary: `take over editing of course ${course}`,
      }),
    );
    // Ann's next beat (with claim, as after a reload) does not take it back.
    const annSees = (await beat(ann, course, annTab, true)).body as CoursePresence;
    expect(annSees.lease?.tabId).toBe(bobTab.tabId);
    expect(annSees.lastEnding?.tabId).toBe(annTab.tabId);
  });

  it('refuses a take-over from a tab that has not opened the course', async () => {
    const response = await h.http.put(`/api/presence/courses/${randomUUID()}/lease`, {
      cookie: bob,
      body: { tabId: tabOf('bob', 4).tabId },
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'conflict',
      message:
        'This tab has not opened the course in the editor (or has been away too long): reload the editor.',
    });
  });

  it('an admin ends a lease; nobody holds it after; only admins may', async () => {
    const course = randomUUID();
    const annTab = tabOf('ann', 5);
    await beat(ann, course, annTab, true);
    const refused = await h.http.delete(`/api/presence/courses/${course}/lease`, { cookie: bob });
    expect(refused.status).toBe(403);
    const ended = await h.http.delete(`/api/presence/courses/${course}/lease`, { cookie: admin });
    expect(ended.status).toBe(204);
    const after = (await beat(ann, course, annTab)).body as CoursePresence;
    expect(after.lease).toBeNull();
    expect(after.lastEnding).toMatchObject({
      tabId: annTab.tabId,
      how: 'ended',
      byEmail: 'ada@lectern.test',
    });
    const again = await h.http.delete(`/api/presence/courses/${course}/lease`, { cookie: admin });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'not_found', message: 'Nobody is editing this course.' });
    await vi.waitFor(async () =>
      expect((await auditOf('endEditLease')).map((row) => row.status)).toEqual([404, 204, 403]),
    );
  });

  it('a leave lets the tab go after a grace; a reload within it keeps its place and lease', async () => {
    const course = randomUUID();
    const annTab = tabOf('ann', 6);
    await beat(ann, course, annTab, true);
    const leave = (tab: Tab) =>
      h.http.delete(`/api/presence/courses/${course}/tabs/${tab.tabId}?loadId=${tab.loadId}`, {
        cookie: ann,
      });
    expect((await leave(annTab)).status).toBe(204);
    // The reload: a new page load of the same tab beats before the grace is over.
    clock += 1000;
    const reloaded = { ...annTab, loadId: `load-${randomUUID().slice(0, 12)}` };
    const back = (await beat(ann, course, reloaded, true)).body as CoursePresence;
    expect(back.lease?.tabId).toBe(annTab.tabId);
    expect(back.present).toHaveLength(1);
    // A late leave of the old load changes nothing.
    expect((await leave(annTab)).status).toBe(204);
    clock += 5000;
    await h.server.deps.presence.sweep();
    expect((await h.server.deps.presence.read(course)).lease?.tabId).toBe(annTab.tabId);
    // The real close: gone once the grace is over.
    await leave(reloaded);
    clock += 3001;
    await h.server.deps.presence.sweep();
    const gone = await h.server.deps.presence.read(course);
    expect(gone.present).toEqual([]);
    expect(gone.lease).toBeNull();
  });

  it('a tab that stops beating is gone after its time-to-live, and its lease is free', async () => {
    const course = randomUUID();
    const annTab = tabOf('ann', 7);
    const bobTab = tabOf('bob', 7);
    await beat(ann, course, annTab, true);
    await beat(bob, course, bobTab, true);
    clock += TTL_MS - 1;
    await beat(bob, course, bobTab);
    await h.server.deps.presence.sweep();
    expect((await h.server.deps.presence.read(course)).present).toHaveLength(2);
    clock += 2;
    const seen = (await beat(bob, course, bobTab, true)).body as CoursePresence;
    // Ann's tab expired: Bob's claim takes the lease even before the sweep deletes her row.
    expect(seen.present.map((tab) => tab.email)).toEqual(['bob@lectern.test']);
    expect(seen.lease?.tabId).toBe(bobTab.tabId);
    expect(seen.lastEnding).toBeNull();
  });

  it('lists the leases held now for admins', async () => {
    const course = randomUUID();
    const annTab = tabOf('ann', 8);
    await beat(ann, course, annTab, true, 'Leases & Locks');
    const list = await h.http.get('/api/presence/leases', { cookie: admin });
    expect(list.status).toBe(200);
    expect(list.body.leases).toContainEqual({
      courseId: course,
      title: 'Leases & Locks',
      tabId: annTab.tabId,
      browserId: annTab.browserId,
      email: 'ann@lectern.test',
      name: 'Test contentManager',
      since: new Date(clock).toISOString(),
    });
    expect((await h.http.get('/api/presence/leases', { cookie: ann })).status).toBe(403);
  });

  it('the live stream sends each followed course at once and again on every change', async () => {
    const course = randomUUID();
    const other = randomUUID();
    const stream = new SseReader(h.http);
    await stream.open(`/api/live?topics=presence:${course},presence:${other}`, { cookie: support });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const states = () =>
      stream.events().map((m) => JSON.parse(m.data) as { topic: string; data: CoursePresence });
    const of = (id: string) => states().filter((m) => m.topic === `presence:${id}`);
    await stream.waitFor(() => of(course).length === 1 && of(other).length === 1, 2000, 'states');
    expect(of(course)[0]!.data.present).toEqual([]);

    const annTab = tabOf('ann', 9);
    await beat(ann, course, annTab, true);
    await stream.waitFor(() => of(course).length === 2, 2000, 'arrival');
    expect(of(course)[1]!.data.lease?.tabId).toBe(annTab.tabId);
    // A plain heartbeat changes nothing and sends nothing.
    await beat(ann, course, annTab);
    const bobTab = tabOf('bob', 9);
    await beat(bob, course, bobTab);
    await h.http.put(`/api/presence/courses/${course}/lease`, {
      cookie: bob,
      body: { tabId: bobTab.tabId },
    });
    await stream.waitFor(() => of(course).at(-1)!.data.lease?.tabId === bobTab.tabId, 2000, 'take');
    expect(of(course).length).toBeLessThanOrEqual(4);
    clock += TTL_MS + 1;
    await h.server.deps.presence.sweep();
    await stream.waitFor(() => of(course).at(-1)!.data.present.length === 0, 2000, 'departure');
    expect(of(other)).toHaveLength(1);
    await stream.close();
  });

  it('refuses a stream of unknown topics', async () => {
    const response = await h.http.get('/api/live?topics=presence:nope,events:1', { cookie: ann });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'bad_request',
      message: 'topics.0: must be a list of topics such as presence:<course id>',
    });
  });
});

describe('presence across two console servers on one PostgreSQL', () => {
  let h: Harness;
  let b: ConsoleServer;
  let bHttp: ScanningClient;
  let clock = Date.parse('2026-11-25T12:00:00.000Z');
  let ann: string;
  let bob: string;

  beforeAll(async () => {
    h = await startHarness({ engine: 'postgres', server: { now: () => clock } });
    b = await buildConsoleServer(
      { ...h.config, serverName: 'console-b' },
      { baseUrl: h.sandbox.baseUrl, apiKey: h.sandbox.secretKey, graphqlPath: '/graphql' },
      { now: () => clock, logDestination: { write: () => undefined } },
    );
    const url = await b.listen();
    bHttp = new ScanningClient(url, url, () => [h.sandbox.secretKey]);
    ann = await h.sessionCookie('ann@lectern.test', 'contentManager');
    bob = await h.sessionCookie('bob@lectern.test', 'contentManager');
  });
  afterAll(async () => {
    await bHttp.close();
    await b.close();
    await h.close();
  });

  it('a tab arriving, a take-over and an expiry on one server reach a stream on the other', async () => {
    const course = randomUUID();
    const onB = new SseReader(bHttp);
    await onB.open(`/api/live?topics=presence:${course}`, { cookie: bob });
    const states = () =>
      onB.events().map((m) => (JSON.parse(m.data) as { data: CoursePresence }).data);
    await onB.waitFor(() => states().length === 1, 2000, 'first state');

    // Ann opens the course through server A: Bob's stream on B hears it within 2 s.
    const annTab = tabOf('ann', 1);
    const arrived = Date.now();
    await h.http.put(`/api/presence/courses/${course}/tabs/${annTab.tabId}`, {
      cookie: ann,
      body: { browserId: annTab.browserId, loadId: annTab.loadId, claim: true },
    });
    await onB.waitFor(() => states().at(-1)!.present.length === 1, 2000, 'arrival on B');
    expect(Date.now() - arrived).toBeLessThan(2000);

    // Bob takes over through B; Ann's stream on A is told.
    const onA = new SseReader(h.http);
    await onA.open(`/api/live?topics=presence:${course}`, { cookie: ann });
    const bobTab = tabOf('bob', 1);
    await bHttp.put(`/api/presence/courses/${course}/tabs/${bobTab.tabId}`, {
      cookie: bob,
      body: { browserId: bobTab.browserId, loadId: bobTab.loadId },
    });
    await bHttp.put(`/api/presence/courses/${course}/lease`, {
      cookie: bob,
      body: { tabId: bobTab.tabId },
    });
    const lastOnA = () =>
      (JSON.parse(onA.events().at(-1)?.data ?? 'null') as { data: CoursePresence } | null)?.data;
    await onA.waitFor(() => lastOnA()?.lastEnding?.tabId === annTab.tabId, 2000, 'take-over on A');
    expect(lastOnA()?.lastEnding?.how).toBe('takenOver');

    // Ann's tab goes silent; A sweeps it, and B's stream hears that she left.
    clock += 20_001;
    await bHttp.put(`/api/presence/courses/${course}/tabs/${bobTab.tabId}`, {
      cookie: bob,
      body: { browserId: bobTab.browserId, loadId: bobTab.loadId },
    });
    await h.server.deps.presence.sweep();
    await onB.waitFor(
      () =>
        states()
          .at(-1)!
          .present.map((tab) => tab.email)
          .join() === 'bob@lectern.test',
      2000,
      'departure on B',
    );
    await onA.close();
    await onB.close();
  });
});
