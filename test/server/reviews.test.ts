// Review before publishing over real HTTP, on both engines: who may ask, approve and decline; one pending
// request per course; the version asked for and staleness from the course history; approval publishing
// through the status-checked, audited path (once, even when two admins approve at once) and kept in the
// course history; a decline's
// comment for the requester; the checks report left empty when course checks are not available. Group
// requests: each course of the group with what changed since its last published version, approval
// publishing every course through the group publish path, a decline, and staleness when a course or the
// group changed or a course joined it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishRequestsRepository } from '../../src/server/storage/publish-requests-repository.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { waitForVersions } from './helpers/schedules.ts';

interface RequestBody {
  id: string;
  state: string;
  version: number | null;
  publishedVersion: number | null;
  stale: boolean;
  [key: string]: unknown;
}

describe.each(ENGINES)('publish requests (%s)', (engine) => {
  let h: Harness;
  let admin: string;
  let manager: string;
  let support: string;

  beforeAll(async () => {
    h = await startHarness({
      engine,
      env: {
        LECTERN_HISTORY_QUIET_MS: '50',
        LECTERN_SCHEDULE_CHECK_MS: '100',
        LECTERN_UPSTREAM_TIMEOUT_MS: '2000',
      },
    });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
    manager = await h.sessionCookie('manager@lectern.test', 'contentManager');
    support = await h.sessionCookie('support@lectern.test', 'support');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  /** A draft course made through the console (so the history keeps its first version). */
  async function createCourse(title: string) {
    const created = await h.http.post('/api/v2/content/course/create', {
      cookie: manager,
      body: {
        courseAttributes: [
          {
            title,
            kind: 'courseGroup',
            status: 'draft',
            sections: [
              { title: 'Basics', lessons: [{ title: 'Intro', openType: 'open', topics: [] }] },
            ],
          },
        ],
      },
    });
    expect(created.status, created.text).toBe(200);
    const target = {
      type: 'course' as const,
      courseId: created.body.courseIds[0] as string,
      groupId: created.body.courseGroupIds[0] as string,
      title,
    };
    await versions(target.courseId, 1);
    return target;
  }

  const versions = (courseId: string, count: number) =>
    waitForVersions(h.http, admin, courseId, count);

  const ask = (target: unknown, note = 'Ready for learners', cookie = manager) =>
    h.http.post('/api/reviews', { cookie, body: { target, note } });
  /**
   * The latest audit rows of publish requests. A refusal's row is written once its answer has gone out
   * (it has no effect to record first), so it can land after the next request's row: the rows are
   * looked for among the latest, not taken as the newest.
   */
  const recentRequestRows = async () =>
    (await h.http.get('/api/audit?route=createPublishRequest&limit=5', { cookie: admin })).body
      .entries as Record<string, unknown>[];
  const pending = async (cookie = admin) =>
    (await h.http.get('/api/reviews', { cookie })).body.requests as RequestBody[];
  const status = async (courseId: string, groupId: string) => {
    const list = await h.sandbox.api('GET', `/courseGroups/${groupId}/courses`);
    return (list.body.courses as { id: string; status: string }[]).find((c) => c.id === courseId)
      ?.status;
  };

  it('takes a request with a note, one at a time per course; admins count and see it', async () => {
    const target = await createCourse('Review: asking');
    expect((await ask(target, 'x', support)).status).toBe(403);
    const empty = await ask(target, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      error: 'bad_request',
      message: 'note: say what the reviewer should know',
    });

    const made = await ask(target);
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({
      target,
      note: 'Ready for learners',
      state: 'pending',
      requestedBy: 'manager@lectern.test',
      version: 1,
      publishedVersion: null,
      stale: false,
      // The course checks' report of the course as saved when asked (issue 24).
      checksReport: { state: 'done', courseId: target.courseId, title: 'Review: asking' },
      decidedBy: null,
      comment: null,
      outcome: null,
    });
    const again = await ask(target);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'conflict',
      message:
        'A request to publish “Review: asking” is waiting for review already (asked by manager@lectern.test).',
    });

    expect((await h.http.get('/api/reviews/count', { cookie: manager })).status).toBe(403);
    const count = await h.http.get('/api/reviews/count', { cookie: admin });
    expect(count.body.pending).toBeGreaterThanOrEqual(1);
    expect((await pending()).map((request) => request.id)).toContain(made.body.id);
    expect((await pending(manager)).map((request) => request.id)).toContain(made.body.id);
    // Others see only their own requests.
    expect(await pending(support)).toEqual([]);
    expect(await recentRequestRows()).toContainEqual(
      expect.objectContaining({
        userEmail: 'manager@lectern.test',
        summary: `request publishing of course ${target.courseId} “Review: asking”`,
      }),
    );
  });

  it("records the course's title and group as the instance has them, not as the browser says", async () => {
    const target = await createCourse('Review: named by the instance');
    const other = await createCourse('Review: another group');
    const misplaced = await ask({ ...target, groupId: other.groupId });
    expect(misplaced.status).toBe(404);
    expect(misplaced.body).toEqual({
      error: 'not_found',
      message: `No course with the id ${target.courseId} is in the course group “Review: another group”.`,
    });
    const unknownGroup = '00000000-0000-4000-8000-000000000000';
    const nowhere = await ask({ ...target, groupId: unknownGroup });
    expect(nowhere.status).toBe(404);
    expect(nowhere.body).toEqual({
      error: 'not_found',
      message: `No course group has the id ${unknownGroup}.`,
    });
    expect(await pending()).not.toContainEqual(
      expect.objectContaining({ target: expect.objectContaining({ courseId: target.courseId }) }),
    );

    const made = await ask({ ...target, title: 'Something else entirely' });
    expect(made.status, made.text).toBe(200);
    expect(made.body.target).toEqual(target);
    expect((await recentRequestRows()).map((row) => row.summary)).toContain(
      `request publishing of course ${target.courseId} “Review: named by the instance”`,
    );
  });

  it('marks a request stale once the course changed after it was made', async () => {
    const target = await createCourse('Review: stale');
    const made = (await ask(target)).body as RequestBody;
    expect(made.stale).toBe(false);
    const renamed = await h.http.put('/api/v2/content/course/update', {
      cookie: manager,
      body: { courseAttributes: { courses: [{ id: target.courseId, title: 'Review: renamed' }] } },
    });
    expect(renamed.status, renamed.text).toBe(200);
    await versions(target.courseId, 2);
    const listed = (await pending()).find((request) => request.id === made.id)!;
    expect(listed).toMatchObject({ version: 1, stale: true });
  });

  it('approves: publishes through the status check, audited as the admin, once', async () => {
    const target = await createCourse('Review: approve');
    const made = (await ask(target)).body as RequestBody;
    expect(
      (await h.http.post(`/api/reviews/${made.id}/approve`, { cookie: manager, body: {} })).status,
    ).toBe(403);

    const [first, second] = await Promise.all([
      h.http.post(`/api/reviews/${made.id}/approve`, { cookie: admin, body: {} }),
      h.http.post(`/api/reviews/${made.id}/approve`, { cookie: admin, body: {} }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const approved = first.status === 200 ? first : second;
    const refused = first.status === 200 ? second : first;
    expect(approved.body).toMatchObject({
      state: 'approved',
      decidedBy: 'admin@lectern.test',
      outcome: 'Published “Review: approve”.',
    });
    expect(refused.body).toEqual({
      error: 'conflict',
      message:
        'The request to publish “Review: approve” was approved by admin@lectern.test already.',
    });
    expect(await status(target.courseId, target.groupId)).toBe('published');

    const audit = await h.http.get(
      `/api/audit?route=releaseContent&user=admin@lectern.test&limit=20`,
      { cookie: admin },
    );
    const releases = (audit.body.entries as { summary: string; status: number }[]).filter((entry) =>
      entry.summary.includes('publish request of manager@lectern.test approved'),
    );
    expect(releases.filter((entry) => entry.summary.includes(target.courseId))).toHaveLength(1);
    expect(releases[0]!.status).toBe(200);

    // The publish is a version of the course, in the approving admin's name; the next request is
    // reviewed against it.
    const [published] = await versions(target.courseId, 2);
    expect(published).toMatchObject({
      number: 2,
      userEmail: 'admin@lectern.test',
      kinds: ['status'],
      status: 'published',
    });
    const next = await ask(target, 'Second edition');
    expect(next.body).toMatchObject({ version: 2, publishedVersion: 2, stale: false });

    // The requester sees the outcome among their decided requests.
    const mine = await h.http.get('/api/reviews?view=decided&mine=true', { cookie: manager });
    expect(
      (mine.body.requests as RequestBody[]).find((request) => request.id === made.id),
    ).toMatchObject({ state: 'approved', outcome: 'Published “Review: approve”.' });
  });

  it('declines only with a comment, which the requester sees; nothing is published', async () => {
    const target = await createCourse('Review: decline');
    const made = (await ask(target)).body as RequestBody;
    const bare = await h.http.post(`/api/reviews/${made.id}/decline`, {
      cookie: admin,
      body: { comment: ' ' },
    });
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ error: 'bad_request', message: 'comment: say why it is declined' });

    const declined = await h.http.post(`/api/reviews/${made.id}/decline`, {
      cookie: admin,
      body: { comment: 'The intro lesson is empty.' },
    });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body).toMatchObject({
      state: 'declined',
      decidedBy: 'admin@lectern.test',
      comment: 'The intro lesson is empty.',
      outcome: null,
      stale: false,
    });
    expect(await status(target.courseId, target.groupId)).toBe('draft');
    const late = await h.http.post(`/api/reviews/${made.id}/approve`, { cookie: admin, body: {} });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'The request to publish “Review: decline” was declined by admin@lectern.test already.',
    );
    const unknown = await h.http.post('/api/reviews/00000000-0000-4000-8000-000000000000/decline', {
      cookie: admin,
      body: { comment: 'No' },
    });
    expect(unknown.status).toBe(404);
    const mine = await h.http.get('/api/reviews?view=decided&mine=true', { cookie: manager });
    expect(
      (mine.body.requests as RequestBody[]).find((request) => request.id === made.id),
    ).toMatchObject({ state: 'declined', comment: 'The intro lesson is empty.' });
    // A new request may be made once the last one is decided.
    expect((await ask(target, 'Filled the intro')).status).toBe(200);
  });

  /** A request an admin approved on server 'gone', which began its publish 4 s ago and stopped. */
  async function leftApproving(
    target: { type: 'course'; courseId: string; groupId: string; title: string },
    beforeLeaving?: () => Promise<void>,
  ) {
    const made = (await ask(target)).body as RequestBody;
    await beforeLeaving?.();
    const repo = createPublishRequestsRepository(h.server.store.db);
    const at = Date.now() - 4000;
    expect(
      await repo.decide(
        made.id,
        'approving',
        { email: 'admin@lectern.test', at, comment: null },
        { server: 'gone', token: 'dead-token' },
      ),
    ).toBe(true);
    return made.id;
  }
  const decided = async (id: string) => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      const found = (await pending()).find((request) => request.id === id);
      if (found?.state !== 'approving') return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${id} is still being published`);
  };

  it('finishes an approval its server left: the status is checked again, nothing sent twice', async () => {
    const target = await createCourse('Review: left published');
    const id = await leftApproving(target);
    // The stopped server's publish had taken effect.
    await h.sandbox.api('PUT', `/content/${target.courseId}/releaseContent`, {
      kind: 'course',
      action: 'release',
    });
    expect(await decided(id)).toBeUndefined();
    const mine = await h.http.get('/api/reviews?view=decided', { cookie: admin });
    expect(
      (mine.body.requests as RequestBody[]).find((request) => request.id === id),
    ).toMatchObject({
      state: 'approved',
      decidedBy: 'admin@lectern.test',
      outcome:
        'gone stopped before settling this approval; checked again and finished here. Nothing was sent: Already published.',
    });
    const sent = h.sandbox.received.filter((request) =>
      request.url.includes(`/content/${target.courseId}/releaseContent`),
    );
    expect(sent).toHaveLength(1);
  });

  it('reopens an approval its server left when the course status cannot be read', async () => {
    const target = await createCourse('Review: left unreadable');
    // The course's group cannot be read from the moment the approval was left.
    const id = await leftApproving(target, () =>
      h.sandboxSettings({
        faults: [
          { route: `/courseGroups/${target.groupId}/courses`, method: 'GET', status: 500, rate: 1 },
        ],
      }),
    );
    const reopened = await decided(id);
    await h.sandboxSettings({ faults: [] });
    expect(reopened).toMatchObject({ state: 'pending', decidedBy: null, comment: null });
    expect(reopened!.outcome).toMatch(
      /^gone stopped before settling the approval of admin@lectern\.test, and the course's status could not be checked \(Its current status could not be read, so nothing was sent\. .+\)\. It waits for review again\.$/,
    );
    expect(await status(target.courseId, target.groupId)).toBe('draft');
  });

  /** A group of two draft courses made through the console: the second added by an update. */
  async function createGroup(title: string) {
    const first = await createCourse(title);
    const added = await h.http.put('/api/v2/content/course/update', {
      cookie: manager,
      body: {
        courseAttributes: {
          courses: [{ courseGroupId: first.groupId, title: `${title}: second session` }],
        },
      },
    });
    expect(added.status, added.text).toBe(200);
    const list = await h.sandbox.api('GET', `/courseGroups/${first.groupId}/courses`);
    const courses = list.body.courses as { id: string; title: string }[];
    expect(courses).toHaveLength(2);
    // The update changed the group: the first course keeps a version of it. A course added by an
    // update keeps no version until Lectern changes it.
    await versions(first.courseId, 2);
    const second = courses.find((course) => course.id !== first.courseId)!;
    return {
      target: { type: 'group' as const, groupId: first.groupId, title },
      first: first.courseId,
      second: second.id,
    };
  }

  it('takes a group request: each course with what changed since it was last published', async () => {
    const { target, first, second } = await createGroup('Review: group asking');
    // The first course was published, set back to draft and renamed: the changes under review are
    // the status and the title.
    for (const [action, count] of [
      ['release', 3],
      ['unrelease', 4],
    ] as const) {
      const released = await h.http.put(`/api/v2/content/${first}/releaseContent`, {
        cookie: admin,
        body: { kind: 'course', action },
      });
      expect(released.status, released.text).toBe(200);
      await versions(first, count);
    }
    const renamed = await h.http.put('/api/v2/content/course/update', {
      cookie: manager,
      body: { courseAttributes: { courses: [{ id: first, title: 'Review: group renamed' }] } },
    });
    expect(renamed.status, renamed.text).toBe(200);
    await versions(first, 5);
    // What the History tab says changed from the published version to the latest.
    const compared = await h.http.get(`/api/history/courses/${first}/compare?from=3&to=5`, {
      cookie: admin,
    });
    expect(compared.status, compared.text).toBe(200);
    expect(compared.body.diff.counts).toMatchObject({ added: 0, removed: 0 });

    expect((await ask(target, 'x', support)).status).toBe(403);
    const made = await ask(target, 'Both sessions are ready');
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({
      target,
      note: 'Both sessions are ready',
      state: 'pending',
      version: null,
      publishedVersion: null,
      stale: false,
      checksReport: null,
    });
    const courses = made.body.courses as Record<string, unknown>[];
    expect(courses).toHaveLength(2);
    expect(courses.find((course) => course.courseId === first)).toMatchObject({
      title: 'Review: group renamed',
      version: 5,
      publishedVersion: 3,
      changed: false,
      counts: compared.body.diff.counts,
    });
    // Added by an update: no version kept yet, so nothing to compare.
    expect(courses.find((course) => course.courseId === second)).toEqual({
      courseId: second,
      title: 'Review: group asking: second session',
      version: null,
      publishedVersion: null,
      changed: false,
      counts: null,
    });

    expect(await recentRequestRows()).toContainEqual(
      expect.objectContaining({
        userEmail: 'manager@lectern.test',
        summary: `request publishing of course group ${target.groupId} “Review: group asking”`,
        subjects: [{ type: 'courseGroup', id: target.groupId, title: 'Review: group asking' }],
      }),
    );

    const again = await ask(target);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'conflict',
      message:
        'A request to publish the course group “Review: group asking” is waiting for review already (asked by manager@lectern.test).',
    });
    const unknown = await ask({ ...target, groupId: '00000000-0000-4000-8000-000000000002' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: 'not_found',
      message: 'No course group has the id 00000000-0000-4000-8000-000000000002.',
    });
    const typeless = await ask({ groupId: target.groupId, title: target.title });
    expect(typeless.status).toBe(400);
    expect(typeless.body).toEqual({
      error: 'bad_request',
      message: "target.type: must be 'course' (one course) or 'group' (a whole course group)",
    });

    expect((await pending()).find((request) => request.id === made.body.id)).toMatchObject({
      target,
      stale: false,
    });
  });

  it('approves a group request: every course published through the status check, audited, in the history', async () => {
    const { target, first, second } = await createGroup('Review: group approve');
    const made = (await ask(target)).body as RequestBody;
    const approved = await h.http.post(`/api/reviews/${made.id}/approve`, {
      cookie: admin,
      body: { comment: 'Go' },
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      state: 'approved',
      decidedBy: 'admin@lectern.test',
      comment: 'Go',
      outcome: '2 items published.',
      stale: false,
    });
    expect(await status(first, target.groupId)).toBe('published');
    expect(await status(second, target.groupId)).toBe('published');

    // Each release is audited under the admin, with the status it changed (old -> new).
    const audit = await h.http.get(
      `/api/audit?route=releaseContent&user=admin@lectern.test&limit=20`,
      { cookie: admin },
    );
    const releases = (
      audit.body.entries as {
        summary: string;
        status: number;
        subjects: { id: string; changes?: unknown[] }[];
      }[]
    ).filter(
      (entry) =>
        entry.summary.includes('publish request of manager@lectern.test approved') &&
        (entry.summary.includes(first) || entry.summary.includes(second)),
    );
    expect(releases).toHaveLength(2);
    for (const release of releases) {
      expect(release.status).toBe(200);
      expect(release.subjects[0]!.changes).toEqual([
        { field: 'status', before: 'draft', after: 'published', node: null },
      ]);
    }
    for (const [id, count] of [
      [first, 3],
      [second, 1],
    ] as const) {
      const [latest] = await versions(id, count);
      expect(latest).toMatchObject({
        userEmail: 'admin@lectern.test',
        kinds: ['status'],
        status: 'published',
      });
    }
    const approval = await h.http.get('/api/audit?route=approvePublishRequest&limit=1', {
      cookie: admin,
    });
    expect(approval.body.entries[0]).toMatchObject({
      summary: `approve publishing of course group ${target.groupId} “Review: group approve” asked by manager@lectern.test: 2 items published.`,
    });
    // The requester sees the outcome.
    const mine = await h.http.get('/api/reviews?view=decided&mine=true', { cookie: manager });
    expect(
      (mine.body.requests as RequestBody[]).find((request) => request.id === made.id),
    ).toMatchObject({ state: 'approved', outcome: '2 items published.' });
    // The next request of the group compares against the published versions: nothing changed.
    const next = await ask(target, 'Again');
    expect((next.body.courses as { counts: unknown }[]).map((course) => course.counts)).toEqual([
      null,
      null,
    ]);
  });

  it('declines a group request only with a comment; nothing is published', async () => {
    const { target, first, second } = await createGroup('Review: group decline');
    const made = (await ask(target)).body as RequestBody;
    const bare = await h.http.post(`/api/reviews/${made.id}/decline`, {
      cookie: admin,
      body: {},
    });
    expect(bare.status).toBe(400);
    const declined = await h.http.post(`/api/reviews/${made.id}/decline`, {
      cookie: admin,
      body: { comment: 'The second session has no lessons.' },
    });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body).toMatchObject({
      state: 'declined',
      comment: 'The second session has no lessons.',
      outcome: null,
    });
    expect(await status(first, target.groupId)).toBe('draft');
    expect(await status(second, target.groupId)).toBe('draft');
    const late = await h.http.post(`/api/reviews/${made.id}/approve`, { cookie: admin, body: {} });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'The request to publish the course group “Review: group decline” was declined by admin@lectern.test already.',
    );
    const mine = await h.http.get('/api/reviews?view=decided&mine=true', { cookie: manager });
    expect(
      (mine.body.requests as RequestBody[]).find((request) => request.id === made.id),
    ).toMatchObject({ state: 'declined', comment: 'The second session has no lessons.' });
  });

  it('marks a group request stale when a course changed, the group changed or a course joined it and changed', async () => {
    const listed = async (id: string) => (await pending()).find((request) => request.id === id)!;
    const renamedCourse = await createGroup('Review: group stale course');
    const one = (await ask(renamedCourse.target)).body as RequestBody;
    const renamed = await h.http.put('/api/v2/content/course/update', {
      cookie: manager,
      body: {
        courseAttributes: { courses: [{ id: renamedCourse.second, title: 'Renamed after' }] },
      },
    });
    expect(renamed.status, renamed.text).toBe(200);
    await versions(renamedCourse.second, 1);
    const stale = await listed(one.id);
    expect(stale.stale).toBe(true);
    expect(
      (stale.courses as { courseId: string; changed: boolean }[]).map((course) => [
        course.courseId,
        course.changed,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [renamedCourse.first, false],
        [renamedCourse.second, true],
      ]),
    );

    const renamedGroup = await createGroup('Review: group stale group');
    const two = (await ask(renamedGroup.target)).body as RequestBody;
    const group = await h.http.put('/api/v2/content/course/update', {
      cookie: manager,
      body: {
        courseAttributes: {
          courseGroups: [{ id: renamedGroup.target.groupId, title: 'Group renamed after' }],
        },
      },
    });
    expect(group.status, group.text).toBe(200);
    await versions(renamedGroup.first, 3);
    expect((await listed(two.id)).stale).toBe(true);

    const joined = await createGroup('Review: group stale joined');
    const three = (await ask(joined.target)).body as RequestBody;
    expect((await listed(three.id)).stale).toBe(false);
    const added = await h.http.put('/api/v2/content/course/update', {
      cookie: manager,
      body: {
        courseAttributes: {
          courses: [{ courseGroupId: joined.target.groupId, title: 'A third session' }],
        },
      },
    });
    expect(added.status, added.text).toBe(200);
    const list = await h.sandbox.api('GET', `/courseGroups/${joined.target.groupId}/courses`);
    const third = (list.body.courses as { id: string; title: string }[]).find(
      (course) => course.title === 'A third session',
    )!;
    // Once Lectern changes the new course, its version names the group: the request is stale.
    const edited = await h.http.put('/api/v2/content/course/update', {
      cookie: manager,
      body: { courseAttributes: { courses: [{ id: third.id, title: 'A third session, edited' }] } },
    });
    expect(edited.status, edited.text).toBe(200);
    await versions(third.id, 1);
    expect((await listed(three.id)).stale).toBe(true);
  });
});
