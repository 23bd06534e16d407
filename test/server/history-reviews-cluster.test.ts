// The course history and review before publishing on two console server processes sharing one
// PostgreSQL database and one sandbox (issue 23):
//   - a change sent through server A is listed and compared through server B;
//   - changes sent through both at once are numbered in one sequence in the order they were read, none
//     lost, the latest being the course as it is;
//   - a server killed while its approved publish is on the way leaves the request "being published";
//     started again, it checks the course's status upstream and finishes the approval without sending
//     the publish twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { postgresPassword, testDatabaseUrl } from '../helpers/test-database.ts';
import { startNode, within, type ClusterNode, type NodeOptions } from './helpers/cluster.ts';
import { cookieFrom } from './helpers/console-harness.ts';
import {
  courseStatuses,
  createGroup,
  releasesOf,
  waitForVersions,
  type ScheduleBody,
} from './helpers/schedules.ts';

const ADMIN = { email: 'historian@lectern.test', password: 'History!2345' };

describe('course history and reviews on two console servers (PostgreSQL)', () => {
  let sandbox: TestSandbox;
  let store: ConsoleStore;
  let common: Omit<NodeOptions, 'name'>;
  const nodes: Record<string, ClusterNode> = {};
  let cookie: string;

  const start = async (name: string) => (nodes[name] = await startNode({ name, ...common }));
  const node = (name: string) => nodes[name]!;
  const setFaults = (faults: unknown[]) =>
    sandbox.raw(
      'PUT',
      '/sandbox/settings',
      { faults },
      { authorization: `Bearer ${sandbox.secretKey}` },
    );

  beforeAll(async () => {
    sandbox = await startSandbox();
    const databaseUrl = await testDatabaseUrl();
    common = {
      databaseUrl,
      sandbox,
      forbidden: () => [sandbox.secretKey, postgresPassword()],
      env: {
        LECTERN_ADMINS: ADMIN.email,
        LECTERN_RELAY_KINDS: 'none',
        LECTERN_SCHEDULE_CHECK_MS: '100',
        LECTERN_UPSTREAM_TIMEOUT_MS: '2000',
        LECTERN_HISTORY_QUIET_MS: '0',
      },
    };
    store = await openConsoleStore({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
    await Promise.all([start('console-a'), start('console-b')]);
    const user = await sandbox.raw(
      'POST',
      '/sandbox/users',
      { ...ADMIN, firstName: 'Hana', lastName: 'Historian' },
      { authorization: `Bearer ${sandbox.secretKey}` },
    );
    expect(user.status).toBe(201);
    const session = await node('console-a').http.post('/api/session', { body: ADMIN });
    cookie = cookieFrom(session.headers['set-cookie']);
  }, 60_000);

  afterAll(async () => {
    for (const each of Object.values(nodes)) {
      expect(each.http.leaks).toEqual([]);
      await each.stop();
    }
    await store?.close();
    await sandbox?.close();
  });

  const rename = (through: string, courseId: string, title: string) =>
    node(through).http.put('/api/v2/content/course/update', {
      cookie,
      body: { courseAttributes: { courses: [{ id: courseId, title }] } },
    });
  const price = (through: string, courseId: string, priceInCents: number) =>
    node(through).http.post('/api/v2/content/bulkUpdatePrices', {
      cookie,
      body: { items: [{ courseId, priceInCents }] },
    });

  it('lists and compares through B a change made through A', async () => {
    const group = await createGroup(sandbox, 'Two servers');
    const courseId = group.courseIds[0]!;
    const renamed = await rename('console-a', courseId, 'Two servers, renamed');
    expect(renamed.status, renamed.text).toBe(200);
    const [version] = await waitForVersions(node('console-b').http, cookie, courseId, 1);
    expect(version).toMatchObject({
      number: 1,
      userEmail: ADMIN.email,
      kinds: ['edit'],
      title: 'Two servers, renamed',
    });
    const compared = await node('console-b').http.get(
      `/api/history/courses/${courseId}/compare?from=1&to=1`,
      { cookie },
    );
    expect(compared.status, compared.text).toBe(200);
    expect(compared.body.diff.course).toContainEqual({
      field: 'title',
      scope: 'course',
      before: 'Two servers',
      after: 'Two servers, renamed',
    });
  });

  it('numbers changes made through both servers at once in one sequence, none lost', async () => {
    const group = await createGroup(sandbox, 'Both at once');
    const courseId = group.courseIds[0]!;
    const ROUNDS = 4;
    // A renames while B changes the price, each waiting for its own answer.
    await Promise.all([
      (async () => {
        for (let n = 1; n <= ROUNDS; n++)
          expect((await rename('console-a', courseId, `Both at once ${n}`)).status).toBe(200);
      })(),
      (async () => {
        for (let n = 1; n <= ROUNDS; n++)
          expect((await price('console-b', courseId, 1000 + n)).status).toBe(200);
      })(),
    ]);
    // Calls of one person on one server that come while the last is being recorded join its version;
    // every call is in exactly one version, and the versions are numbered 1, 2, 3… without a gap.
    let versions: ScheduleBody[] = [];
    await within(
      async () => {
        versions = await waitForVersions(node('console-a').http, cookie, courseId, 1);
        return versions.flatMap((version) => version.auditSeqs).length === 2 * ROUNDS;
      },
      15_000,
      'every call to be in a version',
      50,
    );
    const seqs = versions.flatMap((version) => version.auditSeqs as number[]);
    expect(new Set(seqs).size).toBe(2 * ROUNDS);
    expect(versions.map((version) => version.number)).toEqual(
      Array.from({ length: versions.length }, (_, n) => versions.length - n),
    );
    expect(versions.some((version) => version.kinds.includes('edit'))).toBe(true);
    expect(versions.some((version) => version.kinds.includes('price'))).toBe(true);
    // The latest version is the course as it is now: both last changes are in it.
    const latest = await node('console-b').http.get(
      `/api/history/courses/${courseId}/versions/${versions.length}`,
      { cookie },
    );
    expect(latest.body.after.course).toMatchObject({
      title: `Both at once ${ROUNDS}`,
      priceInCents: 1000 + ROUNDS,
    });
    // Numbers follow the order the courses were read in after each change, whichever server read.
    const times = versions.map((version) => Date.parse(version.at)).reverse();
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('finishes an approval whose server was killed mid-publish, once, when it starts again', async () => {
    const group = await createGroup(sandbox, 'Killed approval');
    const courseId = group.courseIds[0]!;
    const target = { type: 'course', courseId, groupId: group.groupId, title: group.title };
    const asked = await node('console-b').http.post('/api/reviews', {
      cookie,
      body: { target, note: 'Ready' },
    });
    expect(asked.status, asked.text).toBe(200);
    const id = asked.body.id as string;
    // The instance takes 1.5 s over each release: A dies with the approved publish on the way.
    await setFaults([
      { route: '/content/*/releaseContent', method: 'PUT', delayMs: 1500, rate: 1 },
    ]);
    try {
      const approving = node('console-a')
        .http.post(`/api/reviews/${id}/approve`, { cookie, body: {} })
        .catch(() => undefined);
      await within(
        () => sandbox.received.some((r) => r.url.includes(`/content/${courseId}/releaseContent`)),
        10_000,
        'the publish to be sent',
        5,
      );
      await node('console-a').kill();
      await approving;
      const stuck = await node('console-b').http.get('/api/reviews', { cookie });
      expect(
        (stuck.body.requests as ScheduleBody[]).find((request) => request.id === id),
      ).toMatchObject({ state: 'approving', decidedBy: ADMIN.email });
    } finally {
      await setFaults([]);
    }
    await start('console-a');
    let settled: ScheduleBody | undefined;
    await within(
      async () => {
        const decided = await node('console-a').http.get('/api/reviews?view=decided', { cookie });
        settled = (decided.body.requests as ScheduleBody[]).find((request) => request.id === id);
        return settled !== undefined;
      },
      15_000,
      'the approval to be finished',
      50,
    );
    expect(settled).toMatchObject({ state: 'approved', decidedBy: ADMIN.email });
    expect(settled!.outcome).toMatch(
      /^console-a stopped before settling this approval; checked again and finished here\. /,
    );
    expect(await courseStatuses(sandbox, group.groupId)).toEqual(['published']);
    expect(releasesOf(sandbox, courseId)).toBe(1);
    const left = await store.db.selectFrom('publish_approvals').selectAll().execute();
    expect(left.filter((row) => row.request_id === id)).toEqual([]);
  }, 60_000);
});
