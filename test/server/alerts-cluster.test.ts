// Alerts on two console server processes sharing one PostgreSQL database: only the relay's leader
// evaluates the rules (every rule notes who evaluated it), each firing is stored and delivered to the
// webhook once although both servers run, the bell counts the same on both, and when the leader is
// killed the other server takes over the evaluation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayRepository } from '../../src/server/storage/relay-repository.ts';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { postgresPassword, testDatabaseUrl } from '../helpers/test-database.ts';
import { storeQuizAttempts } from './helpers/alert-events.ts';
import { startNode, within, type ClusterNode } from './helpers/cluster.ts';
import { cookieFrom } from './helpers/console-harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';

const ADMIN = { email: 'admin@lectern.test', password: 'Admin!2345' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('alerts on two console servers (PostgreSQL)', () => {
  let sandbox: TestSandbox;
  let store: ConsoleStore;
  let receiver: WebhookReceiver;
  let nodes: ClusterNode[];
  let cookie: string;

  beforeAll(async () => {
    sandbox = await startSandbox();
    receiver = await startWebhookReceiver();
    const databaseUrl = await testDatabaseUrl();
    const common = {
      databaseUrl,
      sandbox,
      forbidden: () => [sandbox.secretKey, postgresPassword()],
      env: {
        LECTERN_ADMINS: ADMIN.email,
        LECTERN_RELAY_POLL_MS: '250',
        LECTERN_ALERTS_EVALUATE_S: '1',
        LECTERN_URL_ALLOWLIST: '127.0.0.1',
        LECTERN_TEST_ALERTS: JSON.stringify({ deliverEveryMs: 200 }),
      },
      relay: { backoffBaseMs: 100, backoffCapMs: 2000, heartbeatMs: 1000, leaseCheckMs: 500 },
    };
    nodes = await Promise.all([
      startNode({ name: 'console-a', ...common }),
      startNode({ name: 'console-b', ...common }),
    ]);
    store = await openConsoleStore({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
    const created = await sandbox.raw(
      'POST',
      '/sandbox/users',
      { ...ADMIN, firstName: 'Ad', lastName: 'Min' },
      { authorization: `Bearer ${sandbox.secretKey}` },
    );
    expect(created.status).toBe(201);
    const signedIn = await nodes[0]!.http.post('/api/session', { body: ADMIN });
    cookie = cookieFrom(signedIn.headers['set-cookie']);
  }, 60_000);

  afterAll(async () => {
    for (const node of nodes ?? []) {
      expect(node.http.leaks).toEqual([]);
      await node.stop();
    }
    await store?.close();
    await receiver?.close();
    await sandbox?.close();
  });

  async function leaderAndFollower(): Promise<[ClusterNode, ClusterNode]> {
    let leader: ClusterNode | undefined;
    await within(
      async () => {
        const roles = await Promise.all(nodes.map(async (node) => (await node.health()).body));
        const index = roles.findIndex((health) => health.relay.role === 'leader');
        leader = index === -1 ? undefined : nodes[index];
        return leader !== undefined;
      },
      10_000,
      'a relay leader',
      100,
    );
    return [leader!, nodes.find((node) => node !== leader)!];
  }

  const rules = async (node: ClusterNode) =>
    (await node.http.get('/api/alerts/rules', { cookie })).body.rules as {
      id: string;
      name: string;
      state: string;
      lastEvaluatedBy: string | null;
    }[];
  const alertCount = async () =>
    Number(
      (
        await store.db
          .selectFrom('alerts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('evaluates on the leader only and delivers each firing once', async () => {
    const [leader, follower] = await leaderAndFollower();
    const created = await follower.http.post('/api/alerts/rules', {
      cookie,
      body: {
        name: 'Failed quizzes',
        webhookUrl: receiver.url,
        condition: { type: 'burst', kind: 'quizAttempt', threshold: 2, windowMinutes: 10 },
      },
    });
    expect(created.status).toBe(201);
    await storeQuizAttempts(createRelayRepository(store.db, 'postgres'), 3, Date.now());

    await within(() => receiver.received.length === 1, 10_000, 'the webhook delivery', 50);
    // Several more evaluation rounds on both servers: still one alert, one delivery, and every
    // evaluation seen was the leader's.
    const evaluators = new Set<string | null>();
    for (let round = 0; round < 12; round++) {
      for (const rule of await rules(round % 2 ? leader : follower))
        evaluators.add(rule.lastEvaluatedBy);
      await sleep(250);
    }
    expect([...evaluators]).toEqual([leader.name]);
    expect(await alertCount()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    // The bell counts the same on both servers.
    const [onA, onB] = await Promise.all(
      nodes.map(async (node) => (await node.http.get('/api/alerts/summary', { cookie })).body),
    );
    expect(onA).toEqual(onB);
    expect(onA).toMatchObject({ unread: 1, unacknowledged: 1, firing: 1 });
  }, 60_000);

  it('moves the evaluation to the other server when the leader is killed', async () => {
    const [leader, survivor] = await leaderAndFollower();
    await leader.kill();
    nodes = nodes.filter((node) => node !== leader);
    await within(
      async () => (await survivor.health()).body.relay.role === 'leader',
      10_000,
      'the survivor to lead',
      100,
    );
    const created = await survivor.http.post('/api/alerts/rules', {
      cookie,
      body: {
        name: 'Any failed quiz',
        webhookUrl: receiver.url,
        condition: { type: 'burst', kind: 'quizAttempt', threshold: 0, windowMinutes: 10 },
      },
    });
    expect(created.status).toBe(201);
    await within(() => receiver.received.length === 2, 10_000, 'the second delivery', 50);
    await within(
      async () => (await rules(survivor)).every((rule) => rule.lastEvaluatedBy === survivor.name),
      5_000,
      'every rule evaluated by the survivor',
      100,
    );
    await sleep(1500);
    // The first rule still fires (its events are in its window): no repeat after the failover.
    expect(await alertCount()).toBe(2);
    expect(receiver.received).toHaveLength(2);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(2);
  }, 60_000);
});
