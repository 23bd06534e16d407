// Scheduled actions over real HTTP, on both engines: who may schedule, what is refused, each action on
// each kind of target running once at its time through the status check, audited as the admin who
// scheduled it and kept in the course history; cancelling; a scheduler who lost the admin role; a run its server never settled,
// finished without sending twice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedulesRepository } from '../../src/server/storage/schedules-repository.ts';
import { createLearningPath } from '../helpers/learner-fixtures.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import {
  courseStatuses,
  createGroup,
  releasesOf,
  waitForSchedule,
  waitForVersions,
  type ScheduleBody,
} from './helpers/schedules.ts';

const soon = (ms = 400) => new Date(Date.now() + ms).toISOString();
const settled = (schedule: ScheduleBody) =>
  ['done', 'skipped', 'failed', 'cancelled'].includes(schedule.state);

describe.each(ENGINES)('scheduled actions (%s)', (engine) => {
  let h: Harness;
  let admin: string;
  let manager: string;

  const schedule = (body: Record<string, unknown>, cookie = admin) =>
    h.http.post('/api/schedules', { cookie, body: { timeZone: 'Europe/Paris', ...body } });
  const groupTarget = (group: { groupId: string; title: string }) => ({
    type: 'courseGroup',
    id: group.groupId,
    title: group.title,
    groupId: null,
  });

  beforeAll(async () => {
    h = await startHarness({
      engine,
      env: {
        LECTERN_SCHEDULE_CHECK_MS: '100',
        LECTERN_UPSTREAM_TIMEOUT_MS: '2000',
        LECTERN_HISTORY_QUIET_MS: '50',
      },
    });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
    manager = await h.sessionCookie('manager@lectern.test', 'contentManager');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  it('refuses other roles, times in the past and actions a target cannot have', async () => {
    const group = await createGroup(h.sandbox, 'Refusals');
    const target = groupTarget(group);
    const refused = await schedule({ target, action: 'publish', runAt: soon(60_000) }, manager);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
    expect((await h.http.get('/api/schedules', { cookie: manager })).status).toBe(200);

    const past = await schedule({ target, action: 'publish', runAt: '2020-01-01T09:00:00+01:00' });
    expect(past.status).toBe(400);
    expect(past.body).toEqual({ error: 'bad_request', message: 'runAt: must be in the future.' });

    const path = await schedule({
      target: { type: 'learningPath', id: randomUUID(), title: 'Path', groupId: null },
      action: 'archive',
      runAt: soon(60_000),
    });
    expect(path.status).toBe(400);
    expect(path.body.message).toBe(
      'action: learning paths can be published or unpublished, not archived or restored',
    );

    const zone = await h.http.post('/api/schedules', {
      cookie: admin,
      body: { target, action: 'publish', runAt: soon(60_000), timeZone: 'Mars/Olympus' },
    });
    expect(zone.status).toBe(400);
    expect(zone.body.message).toBe('timeZone: must be a time zone name such as Europe/Paris');

    const course = await schedule({
      target: { type: 'course', id: group.courseIds[0], title: 'C', groupId: null },
      action: 'publish',
      runAt: soon(60_000),
    });
    expect(course.status).toBe(400);
    expect(course.body.message).toBe(
      'target.groupId: a course needs its group id; other targets have none',
    );
  });

  it('publishes a group at its time, once, audited as the admin who scheduled it', async () => {
    const group = await createGroup(h.sandbox, `Spring ${engine}`, { courses: 2 });
    const runAt = soon(500);
    const created = await schedule({
      target: groupTarget(group),
      action: 'publish',
      runAt,
      note: 'Launch',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      target: groupTarget(group),
      action: 'publish',
      runAt,
      timeZone: 'Europe/Paris',
      note: 'Launch',
      state: 'scheduled',
      createdBy: 'admin@lectern.test',
      ranLate: false,
      resumed: false,
      outcome: null,
      results: [],
    });
    const upcoming = await h.http.get(`/api/schedules?groupId=${group.groupId}`, {
      cookie: admin,
    });
    expect(upcoming.body.schedules.map((s: ScheduleBody) => s.id)).toEqual([created.body.id]);

    const done = await waitForSchedule(h.http, admin, created.body.id, settled);
    expect(done).toMatchObject({
      state: 'done',
      outcome: '2 items published.',
      runBy: 'test-console',
      ranLate: false,
      results: [
        { title: group.title, outcome: 'sent', message: 'Publishes it.' },
        { title: `${group.title} session 2`, outcome: 'sent', message: 'Publishes it.' },
      ],
    });
    expect(Date.parse(done.startedAt)).toBeGreaterThanOrEqual(Date.parse(runAt));
    expect(await courseStatuses(h.sandbox, group.groupId)).toEqual(['published', 'published']);
    for (const id of group.courseIds) expect(releasesOf(h.sandbox, id)).toBe(1);

    const audit = await h.http.get(
      `/api/audit?route=releaseContent&user=admin@lectern.test&limit=10`,
      { cookie: admin },
    );
    const rows = audit.body.entries.filter((entry: ScheduleBody) =>
      group.courseIds.some((id) => entry.path.includes(id)),
    );
    expect(rows).toHaveLength(2);
    const when = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Paris',
    }).format(Date.parse(runAt));
    expect(rows[0]).toMatchObject({
      userEmail: 'admin@lectern.test',
      role: 'admin',
      clientAddress: null,
      serverName: 'test-console',
      method: 'PUT',
      route: 'PUT /api/v2/content/{id}/releaseContent',
      operation: 'releaseContent',
      status: 200,
      upstreamStatus: 200,
      outcome: 'completed',
      summary: `release course ${group.courseIds[1]} (scheduled for ${when} Europe/Paris)`,
      subjects: [
        {
          type: 'course',
          id: group.courseIds[1],
          title: `${group.title} session 2`,
          changes: [{ field: 'status', node: null, before: 'draft', after: 'published' }],
        },
      ],
    });
    // Each course's history has the scheduled publish as a version, in the scheduler's name.
    for (const id of group.courseIds) {
      const [version] = await waitForVersions(h.http, admin, id, 1);
      expect(version).toMatchObject({
        number: 1,
        userEmail: 'admin@lectern.test',
        kinds: ['status'],
        status: 'published',
        auditSeqs: [rows.find((row: ScheduleBody) => row.path.includes(id)).seq],
      });
    }
    const past = await h.http.get(`/api/schedules?view=past&groupId=${group.groupId}`, {
      cookie: manager,
    });
    expect(past.body.schedules.map((s: ScheduleBody) => s.id)).toEqual([created.body.id]);
  });

  it('runs the status check: what is pointless is skipped with the reason, nothing sent', async () => {
    const group = await createGroup(h.sandbox, `Live ${engine}`, { status: 'published' });
    const created = await schedule({
      target: groupTarget(group),
      action: 'publish',
      runAt: soon(),
    });
    const ran = await waitForSchedule(h.http, admin, created.body.id, settled);
    expect(ran).toMatchObject({
      state: 'skipped',
      outcome: 'Nothing was sent: Already published.',
      results: [{ title: group.title, outcome: 'skipped', message: 'Already published.' }],
    });
    expect(releasesOf(h.sandbox, group.courseIds[0]!)).toBe(0);
  });

  it('archives and restores a group, archives and restores one course, publishes a path', async () => {
    const group = await createGroup(h.sandbox, `Cycle ${engine}`, { courses: 2 });
    const run = async (target: Record<string, unknown>, action: string) => {
      const created = await schedule({ target, action, runAt: soon(200) });
      expect(created.status).toBe(200);
      return waitForSchedule(h.http, admin, created.body.id, settled);
    };
    expect(await run(groupTarget(group), 'archive')).toMatchObject({
      state: 'done',
      outcome: `Archived “${group.title}”.`,
    });
    expect(await courseStatuses(h.sandbox, group.groupId)).toEqual(['archived', 'archived']);
    const course = {
      type: 'course',
      id: group.courseIds[0],
      title: group.title,
      groupId: group.groupId,
    };
    expect(await run(course, 'restore')).toMatchObject({
      state: 'skipped',
      outcome: 'Nothing was sent: Its group is archived: restore the group instead.',
    });
    expect(await run(groupTarget(group), 'restore')).toMatchObject({ state: 'done' });
    expect(await courseStatuses(h.sandbox, group.groupId)).toEqual(['draft', 'draft']);
    expect(await run(course, 'archive')).toMatchObject({
      state: 'done',
      results: [{ outcome: 'sent', message: 'Sets the status to archived through update.' }],
    });
    expect(await courseStatuses(h.sandbox, group.groupId)).toEqual(['archived', 'draft']);
    expect(await run(course, 'restore')).toMatchObject({ state: 'done' });
    expect(await courseStatuses(h.sandbox, group.groupId)).toEqual(['draft', 'draft']);

    const pathId = createLearningPath(h.sandbox, 'draft');
    const path = { type: 'learningPath', id: pathId, title: 'Path', groupId: null };
    expect(await run(path, 'publish')).toMatchObject({ state: 'done' });
    const read = await h.sandbox.api('GET', `/learningPathMilestones?learningPathId=${pathId}`);
    expect(read.body.learningPath.status).toBe('published');
    expect(await run(path, 'unpublish')).toMatchObject({ state: 'done' });
  });

  it('reports an unknown target and the instance refusing a write as failures', async () => {
    const created = await schedule({
      target: { type: 'courseGroup', id: randomUUID(), title: 'Gone', groupId: null },
      action: 'archive',
      runAt: soon(),
    });
    const ran = await waitForSchedule(h.http, admin, created.body.id, settled);
    expect(ran.state).toBe('failed');
    expect(ran.outcome).toMatch(
      /^Its current status could not be read, so nothing was sent\. Course group .* not found/,
    );
  });

  it('cancels before the run; refuses to cancel twice, after the run, or an unknown id', async () => {
    const group = await createGroup(h.sandbox, `Cancel ${engine}`);
    const created = await schedule({
      target: groupTarget(group),
      action: 'publish',
      runAt: soon(800),
    });
    const cancelled = await h.http.post(`/api/schedules/${created.body.id}/cancel`, {
      cookie: admin,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', cancelledBy: 'admin@lectern.test' });
    const again = await h.http.post(`/api/schedules/${created.body.id}/cancel`, { cookie: admin });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'conflict',
      message: 'It was cancelled already, by admin@lectern.test.',
    });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await courseStatuses(h.sandbox, group.groupId)).toEqual(['draft']);

    const ran = await schedule({ target: groupTarget(group), action: 'publish', runAt: soon() });
    await waitForSchedule(h.http, admin, ran.body.id, settled);
    const late = await h.http.post(`/api/schedules/${ran.body.id}/cancel`, { cookie: admin });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('It has run already and can no longer be cancelled.');
    const unknown = await h.http.post(`/api/schedules/${randomUUID()}/cancel`, { cookie: admin });
    expect(unknown.status).toBe(404);
    expect(
      (await h.http.post(`/api/schedules/${ran.body.id}/cancel`, { cookie: manager })).status,
    ).toBe(403);

    await expect
      .poll(async () => {
        const audit = await h.http.get('/api/audit?route=cancelSchedule&limit=1', {
          cookie: admin,
        });
        return audit.body.entries[0];
      })
      .toMatchObject({
        operation: 'cancelSchedule',
        userEmail: 'manager@lectern.test',
        status: 403,
      });
  });

  it('runs nothing for a scheduler who is no longer an admin', async () => {
    const former = await h.sessionCookie('former@lectern.test', 'admin');
    const group = await createGroup(h.sandbox, `Former ${engine}`);
    const created = await schedule(
      { target: groupTarget(group), action: 'publish', runAt: soon(600) },
      former,
    );
    await h.sessionCookie('former@lectern.test', 'support');
    const ran = await waitForSchedule(h.http, admin, created.body.id, settled);
    expect(ran).toMatchObject({
      state: 'skipped',
      outcome: 'Not run: former@lectern.test, who scheduled it, is no longer an admin.',
    });
    expect(await courseStatuses(h.sandbox, group.groupId)).toEqual(['draft']);
  });

  it('finishes a run its server never settled, without sending what had taken effect', async () => {
    const repo = createSchedulesRepository(h.server.store.db, engine);
    const group = await createGroup(h.sandbox, `Orphan ${engine}`, { courses: 2 });
    // A server that claimed this run 4 s ago (the time limit is 2 s here), published the first
    // course and died before settling it: quiet long enough to be taken over.
    const id = randomUUID();
    const claimedAt = Date.now() - 4000;
    await repo.insert({
      id,
      targetType: 'courseGroup',
      targetId: group.groupId,
      targetTitle: group.title,
      groupId: null,
      action: 'publish',
      runAt: Date.now() + 3_600_000,
      timeZone: 'UTC',
      note: null,
      createdBy: 'admin@lectern.test',
      createdAt: claimedAt,
    });
    await h.server.store.db
      .updateTable('scheduled_actions')
      .set({
        state: 'running',
        run_by: 'gone',
        run_token: 'dead-token',
        started_at: claimedAt,
        touched_at: claimedAt,
      })
      .where('id', '=', id)
      .execute();
    await h.sandbox.api('PUT', `/content/${group.courseIds[0]}/releaseContent`, {
      kind: 'course',
      action: 'release',
    });
    const ran = await waitForSchedule(h.http, admin, id, settled);
    expect(ran).toMatchObject({
      state: 'done',
      resumed: true,
      runBy: 'test-console',
      outcome:
        'gone stopped before settling this run; checked again and finished here. 1 item published; 1 item skipped (' +
        `${group.title}: Already published.).`,
      results: [
        { outcome: 'skipped', message: 'Already published.' },
        { outcome: 'sent', message: 'Publishes it.' },
      ],
    });
    expect(releasesOf(h.sandbox, group.courseIds[0]!)).toBe(1);
    expect(releasesOf(h.sandbox, group.courseIds[1]!)).toBe(1);
  });
});
