// Two console server processes on one PostgreSQL database and one sandbox, as behind a load balancer
// without sticky sessions: a session works on both, sign-out and role changes on one apply on the other
// within 1 s, the sign-in limit is shared, one audit export holds both servers' rows, and the relay
// fails over within 5 s of its leader being killed, every browser ending with every event once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import { DEMO_STAFF } from '../helpers/demo-accounts.ts';
import {
  createCourses,
  createLearners,
  createLearningPath,
  learnerAccounts,
} from '../helpers/learner-fixtures.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { postgresPassword, testDatabaseUrl } from '../helpers/test-database.ts';
import { runFailover } from './helpers/cluster-failover.ts';
import { startNode, within, type ClusterNode } from './helpers/cluster.ts';
import { cookieFrom } from './helpers/console-harness.ts';

const ADMIN = DEMO_STAFF.admin;
const PASSWORD = 'Cluster!2345';

describe('two console servers on one PostgreSQL', () => {
  let sandbox: TestSandbox;
  let store: ConsoleStore;
  let a: ClusterNode;
  let b: ClusterNode;
  /** The admin signs in once (on A): the per-email limit is 4 here, for the shared-limit scenario. */
  let admin: string;

  const signIn = async (node: ClusterNode, email: string, password = PASSWORD) => {
    const response = await node.http.post('/api/session', { body: { email, password } });
    if (response.status !== 200) throw new Error(`sign-in on ${node.name}: ${response.status}`);
    return cookieFrom(response.headers['set-cookie']);
  };
  const createUser = async (email: string, password = PASSWORD) => {
    const response = await sandbox.raw(
      'POST',
      '/sandbox/users',
      { email, password, firstName: 'Clu', lastName: 'Ster' },
      { authorization: `Bearer ${sandbox.secretKey}` },
    );
    if (response.status !== 201) throw new Error(`user ${email}: ${response.status}`);
  };

  beforeAll(async () => {
    sandbox = await startSandbox();
    await createCourses(sandbox, 4);
    createLearningPath(sandbox);
    await createLearners(sandbox, learnerAccounts(12, 'cluster'));
    const databaseUrl = await testDatabaseUrl();
    const forbidden = () => [sandbox.secretKey, postgresPassword()];
    const common = {
      databaseUrl,
      sandbox,
      forbidden,
      env: {
        LECTERN_ADMINS: ADMIN.email,
        LECTERN_RELAY_POLL_MS: '250',
        LECTERN_SIGNIN_PER_EMAIL: '4',
        LECTERN_SIGNIN_PER_ADDRESS: '1000',
      },
      relay: { backoffBaseMs: 100, backoffCapMs: 2000, heartbeatMs: 1000, leaseCheckMs: 500 },
    };
    [a, b] = await Promise.all([
      startNode({ name: 'console-a', ...common }),
      startNode({ name: 'console-b', ...common }),
    ]);
    store = await openConsoleStore({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
    await createUser(ADMIN.email, ADMIN.password);
    admin = await signIn(a, ADMIN.email, ADMIN.password);
  }, 60_000);

  afterAll(async () => {
    for (const node of [a, b]) {
      expect(node?.http.leaks ?? []).toEqual([]);
      await node?.stop();
    }
    await store?.close();
    await sandbox?.close();
  });

  it('accepts a session made on A on B', async () => {
    await createUser('ada@lectern.test');
    await b.http.put('/api/roles/ada@lectern.test', { cookie: admin, body: { role: 'support' } });
    const cookie = await signIn(a, 'ada@lectern.test');
    const session = await b.http.get('/api/session', { cookie });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ user: { email: 'ada@lectern.test' }, role: 'support' });
    expect((await b.http.get('/api/v2/tags', { cookie })).status).toBe(200);
  });

  it('refuses on A, within 1 s, a session signed out on B', async () => {
    await createUser('bea@lectern.test');
    await a.http.put('/api/roles/bea@lectern.test', { cookie: admin, body: { role: 'support' } });
    const cookie = await signIn(a, 'bea@lectern.test');
    // A holds the session in its cache now.
    expect((await a.http.get('/api/v2/tags', { cookie })).status).toBe(200);
    const out = await b.http.delete('/api/session', { cookie });
    expect(out.status).toBe(204);
    const tookMs = await within(
      async () => (await a.http.get('/api/v2/tags', { cookie })).status === 401,
      1000,
      'A to refuse the signed-out session',
      10,
    );
    expect(tookMs).toBeLessThan(1000);
    expect((await a.http.get('/api/session', { cookie })).body).toEqual({
      error: 'unauthenticated',
      message: 'Sign in to continue.',
    });
  });

  it('applies on B, within 1 s, a role granted and revoked on A', async () => {
    await createUser('cam@lectern.test');
    const cookie = await signIn(b, 'cam@lectern.test');
    const noAccess = await b.http.get('/api/v2/tags', { cookie });
    expect(noAccess.status).toBe(403);
    expect(noAccess.body.error).toBe('no_access');

    const granted = await a.http.put('/api/roles/cam@lectern.test', {
      cookie: admin,
      body: { role: 'contentManager' },
    });
    expect(granted.status).toBe(200);
    const grantMs = await within(
      async () => (await b.http.get('/api/v2/tags', { cookie })).status === 200,
      1000,
      'B to apply the granted role',
      10,
    );
    expect((await b.http.get('/api/session', { cookie })).body.role).toBe('contentManager');

    expect((await a.http.delete('/api/roles/cam@lectern.test', { cookie: admin })).status).toBe(
      204,
    );
    const revokeMs = await within(
      async () => (await b.http.get('/api/v2/tags', { cookie })).status === 403,
      1000,
      'B to apply the revocation',
      10,
    );
    expect(Math.max(grantMs, revokeMs)).toBeLessThan(1000);
  });

  it('counts sign-in attempts for one email across both servers', async () => {
    await createUser('dan@lectern.test');
    const attempt = (node: ClusterNode, password: string) =>
      node.http.post('/api/session', { body: { email: 'dan@lectern.test', password } });
    const statuses = [
      (await attempt(a, 'wrong')).status,
      (await attempt(b, 'wrong')).status,
      (await attempt(a, 'wrong')).status,
      (await attempt(b, 'wrong')).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 401]);
    // The limit is 4 per 15 minutes: a fifth attempt is refused on either server, right password or not.
    for (const node of [a, b]) {
      const limited = await attempt(node, PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('rate_limited');
      expect(limited.body.message).toContain('To keep the learning platform from locking it');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('exports the audit rows of both servers from either one, each naming its server', async () => {
    const rows = async (node: ClusterNode) => {
      const exported = await node.http.get('/api/audit/export?format=ndjson', { cookie: admin });
      expect(exported.status).toBe(200);
      return exported.text
        .trim()
        .split('\n')
        .map(
          (line) =>
            JSON.parse(line) as { serverName: string; operation: string; userEmail: string },
        );
    };
    // Rows are written once each response has gone out: allow them a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const fromA = await rows(a);
    expect(await rows(b)).toEqual(fromA);
    const byServer = (name: string, operation: string, user: string) =>
      fromA.filter(
        (row) => row.serverName === name && row.operation === operation && row.userEmail === user,
      );
    expect(byServer('console-b', 'signOut', 'bea@lectern.test')).toHaveLength(1);
    expect(byServer('console-a', 'grantRole', 'admin@lectern.test').length).toBeGreaterThanOrEqual(
      2,
    );
    expect(byServer('console-b', 'signIn', 'cam@lectern.test')).toHaveLength(1);
    expect(new Set(fromA.map((row) => row.serverName))).toEqual(
      new Set(['console-a', 'console-b']),
    );
  });

  it('fails the relay over within 5 s of SIGKILL at 10,000 events/min with 20% feed faults; every browser gets every event once', async () => {
    await createUser('support@lectern.test');
    await a.http.put('/api/roles/support@lectern.test', {
      cookie: admin,
      body: { role: 'support' },
    });
    const cookie = await signIn(b, 'support@lectern.test');
    const result = await runFailover({
      sandbox,
      nodes: [a, b],
      db: store.db,
      cookie,
      eventsPerMinute: 10_000,
      faultRatePerType: 0.07,
      beforeKillMs: 6000,
      afterKillMs: 6000,
    });
    console.log(`cluster failover: ${JSON.stringify(result)}`);
    expect(result.feedGapMs).toBeLessThan(5000);
    expect(result.electedMs).toBeLessThan(5000);
    expect(result.twoLeaderSamples).toBe(0);
    expect(result.sandboxEvents).toBeGreaterThan(1500);
    expect(result.storedEvents).toBe(result.sandboxEvents);
    expect(result.storedDistinct).toBe(result.storedEvents);
    expect(result.missingFromStore).toBe(0);
    for (const browser of result.browsers)
      expect(browser).toMatchObject({
        received: result.sandboxEvents,
        duplicates: 0,
        missing: 0,
        outOfOrder: 0,
      });
    expect(result.browsers.find((browser) => browser.server === result.killed)?.reconnectedTo).toBe(
      result.survivor,
    );
  }, 120_000);
});
