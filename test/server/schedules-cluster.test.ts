// Scheduled actions on two console server processes sharing one PostgreSQL database and one sandbox:
// each action runs exactly once with both servers up; exactly once when the leader is killed in the
// middle of its run (its write still on the way); times missed while both servers were down run when
// one starts, marked "ran late"; and two servers claiming the same due rows at once never get the same
// row.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import { LEASE_KEYS } from '../../src/server/storage/postgres-coordination.ts';
import { createSchedulesRepository } from '../../src/server/storage/schedules-repository.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { postgresPassword, testDatabaseUrl } from '../helpers/test-database.ts';
import { startNode, within, type ClusterNode, type NodeOptions } from './helpers/cluster.ts';
import { cookieFrom } from './helpers/console-harness.ts';
import {
  courseStatuses,
  createGroup,
  releasesOf,
  waitForSchedule,
  type ScheduleBody,
} from './helpers/schedules.ts';

const ADMIN = { email: 'scheduler@lectern.test', password: 'Schedule!2345' };
const settled = (schedule: ScheduleBody) =>
  ['done', 'skipped', 'failed', 'cancelled'].includes(schedule.state);

describe('scheduled actions on two console servers (PostgreSQL)', () => {
  let sandbox: TestSandbox;
  let store: ConsoleStore;
  let common: Omit<NodeOptions, 'name'>;
  const nodes: Record<string, ClusterNode> = {};
  let cookie: string;

  const start = async (name: string) => (nodes[name] = await startNode({ name, ...common }));
  const anyNode = () => Object.values(nodes).find((node) => node.child.exitCode === null)!;
  const schedule = (node: ClusterNode, group: { groupId: string; title: string }, runAt: number) =>
    node.http.post('/api/schedules', {
      cookie,
      body: {
        target: { type: 'courseGroup', id: group.groupId, title: group.title, groupId: null },
        action: 'publish',
        runAt: new Date(runAt).toISOString(),
        timeZone: 'Europe/Paris',
      },
    });
  /** The server holding the schedules lease, from PostgreSQL's own lock table. */
  const leaseHolder = async (): Promise<string | null> => {
    const { rows } = await store.postgres!.pool.query<{ name: string }>(
      `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND l.objid = $1
         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [LEASE_KEYS.schedules],
    );
    return rows[0]?.name.replace(/^lectern-relay:/, '') ?? null;
  };

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
        // Six actions due at once run one after another: on a busy 2-core machine the sixth started
        // 1.2 s after its time, which a 1 s threshold called late.
        LECTERN_SCHEDULE_LATE_AFTER_S: '3',
        LECTERN_UPSTREAM_TIMEOUT_MS: '2000',
      },
      relay: { leaseCheckMs: 300 },
    };
    store = await openConsoleStore({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
    await start('console-a');
    await within(async () => (await leaseHolder()) === 'console-a', 10_000, 'A to lead');
    await start('console-b');
    const user = await sandbox.raw(
      'POST',
      '/sandbox/users',
      { ...ADMIN, firstName: 'Sam', lastName: 'Scheduler' },
      { authorization: `Bearer ${sandbox.secretKey}` },
    );
    expect(user.status).toBe(201);
    const session = await nodes['console-b']!.http.post('/api/session', { body: ADMIN });
    cookie = cookieFrom(session.headers['set-cookie']);
  }, 60_000);

  afterAll(async () => {
    for (const node of Object.values(nodes)) {
      expect(node.http.leaks).toEqual([]);
      await node.stop();
    }
    await store?.close();
    await sandbox?.close();
  });

  it('runs each of six actions due at once exactly once, on the lease holder', async () => {
    const groups = await Promise.all(
      Array.from({ length: 6 }, (_, n) => createGroup(sandbox, `Both up ${n}`)),
    );
    // Far enough ahead that the sixth is still in the future once all six are scheduled on a busy machine.
    const runAt = Date.now() + 3000;
    const ids: string[] = [];
    for (const [n, group] of groups.entries()) {
      const created = await schedule(nodes[n % 2 ? 'console-a' : 'console-b']!, group, runAt);
      expect(created.status).toBe(200);
      ids.push(created.body.id);
    }
    const leader = await leaseHolder();
    expect(leader).toBe('console-a');
    for (const id of ids) {
      const ran = await waitForSchedule(nodes['console-b']!.http, cookie, id, settled);
      expect(ran).toMatchObject({ state: 'done', runBy: leader, resumed: false, ranLate: false });
    }
    for (const group of groups) {
      expect(await courseStatuses(sandbox, group.groupId)).toEqual(['published']);
      expect(releasesOf(sandbox, group.courseIds[0]!)).toBe(1);
    }
  });

  it('runs an action exactly once when the leader is killed at its due time, mid-write', async () => {
    const group = await createGroup(sandbox, 'Killed leader');
    // The instance takes 1.5 s over each release: the leader dies with its write on the way.
    await sandbox.raw(
      'PUT',
      '/sandbox/settings',
      { faults: [{ route: '/content/*/releaseContent', method: 'PUT', delayMs: 1500, rate: 1 }] },
      { authorization: `Bearer ${sandbox.secretKey}` },
    );
    try {
      const runAt = Date.now() + 1500;
      const created = await schedule(nodes['console-b']!, group, runAt);
      expect(created.status).toBe(200);
      const leader = (await leaseHolder())!;
      const survivor = leader === 'console-a' ? 'console-b' : 'console-a';
      await within(
        async () =>
          (
            await store.db
              .selectFrom('scheduled_actions')
              .select('state')
              .where('id', '=', created.body.id)
              .executeTakeFirst()
          )?.state === 'running',
        5000,
        'the leader to claim the action',
        5,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await nodes[leader]!.kill();
      delete nodes[leader];
      await within(async () => (await leaseHolder()) === survivor, 5000, 'the survivor to lead');

      const ran = await waitForSchedule(
        nodes[survivor]!.http,
        cookie,
        created.body.id,
        settled,
        15_000,
      );
      expect(ran).toMatchObject({ state: 'done', runBy: survivor, resumed: true });
      expect(ran.outcome).toMatch(new RegExp(`^${leader} stopped before settling this run`));
      expect(await courseStatuses(sandbox, group.groupId)).toEqual(['published']);
      expect(releasesOf(sandbox, group.courseIds[0]!)).toBe(1);
    } finally {
      await sandbox.raw(
        'PUT',
        '/sandbox/settings',
        { faults: [] },
        { authorization: `Bearer ${sandbox.secretKey}` },
      );
      await start(Object.keys(nodes)[0] === 'console-a' ? 'console-b' : 'console-a');
    }
  }, 60_000);

  it('runs times missed while every server was down when one starts, marked ran late', async () => {
    const group = await createGroup(sandbox, 'Missed');
    // Due once every server is down. A stopping leader hands its lease over at once, so the last server
    // standing runs what falls due before it stops: all stop together, well before the due time (a
    // busy machine takes a second or more to stop two servers).
    const runAt = Date.now() + 3000;
    const created = await schedule(anyNode(), group, runAt);
    expect(created.status).toBe(200);
    await Promise.all(Object.values(nodes).map((node) => node.stop()));
    for (const name of Object.keys(nodes)) delete nodes[name];
    expect(Date.now()).toBeLessThan(runAt);
    await new Promise((resolve) => setTimeout(resolve, runAt + 4000 - Date.now()));
    expect(await courseStatuses(sandbox, group.groupId)).toEqual(['draft']);
    const node = await start('console-a');
    const ran = await waitForSchedule(node.http, cookie, created.body.id, settled);
    expect(ran).toMatchObject({ state: 'done', ranLate: true, runBy: 'console-a' });
    expect(Date.parse(ran.startedAt) - Date.parse(ran.runAt)).toBeGreaterThan(3000);
    expect(releasesOf(sandbox, group.courseIds[0]!)).toBe(1);
  }, 60_000);

  it('never hands one due row to two servers claiming at once', async () => {
    const other = await openConsoleStore({
      engine: 'postgres',
      url: common.databaseUrl,
      poolSize: 4,
    });
    const repos = [
      createSchedulesRepository(store.db, 'postgres'),
      createSchedulesRepository(other.db, 'postgres'),
    ];
    try {
      // Far in the past for these claims, far in the future for the running server's clock.
      const at = Date.now() + 3_600_000;
      const ids: string[] = Array.from({ length: 40 }, () => randomUUID());
      for (const id of ids)
        await repos[0]!.insert({
          id,
          targetType: 'courseGroup',
          targetId: randomUUID(),
          targetTitle: 'Race',
          groupId: null,
          action: 'publish',
          runAt: at,
          timeZone: 'UTC',
          note: null,
          createdBy: ADMIN.email,
          createdAt: Date.now(),
        });
      const claimed: string[][] = [[], [], [], []];
      await Promise.all(
        claimed.map(async (mine, n) => {
          for (;;) {
            const row = await repos[n % 2]!.claimDue(at + 1, {
              server: `claimer-${n}`,
              token: randomUUID(),
              lateBefore: 0,
            });
            if (!row) return;
            mine.push(row.id);
          }
        }),
      );
      const all = claimed.flat();
      expect(all.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
      expect(new Set(all).size).toBe(all.length);
      expect(claimed.filter((mine) => mine.length > 0).length).toBeGreaterThan(1);
    } finally {
      await other.close();
    }
  });
});
