// Relay failover (issue 15): two console server processes on one PostgreSQL (a real server started
// here) and one sandbox producing 10,000 events a minute with ~20% of feed requests failing; the relay
// leader is killed with SIGKILL, a new server joins, and again, KILLS times. Prints, per kill, how long
// the feed went unpolled and how long until the survivor held the lease, then whether every browser (one
// SSE client per server, the one on the killed server reconnecting to the survivor with Last-Event-ID)
// ended with every event exactly once.
import { openConsoleStore } from '../src/server/storage/database.ts';
import { DEMO_STAFF } from '../test/helpers/demo-accounts.ts';
import {
  createCourses,
  createLearners,
  createLearningPath,
  learnerAccounts,
} from '../test/helpers/learner-fixtures.ts';
import { createDatabase, startPostgres } from '../test/helpers/postgres-server.ts';
import { startSandbox } from '../test/helpers/sandbox.ts';
import { runFailover } from '../test/server/helpers/cluster-failover.ts';
import { startNode, type ClusterNode } from '../test/server/helpers/cluster.ts';
import { cookieFrom } from '../test/server/helpers/console-harness.ts';

const KILLS = 3;
const ADMIN = DEMO_STAFF.admin;
const SUPPORT = DEMO_STAFF.support;

export async function run(): Promise<void> {
  const postgres = await startPostgres();
  const sandbox = await startSandbox();
  const nodes: ClusterNode[] = [];
  try {
    await createCourses(sandbox, 4);
    createLearningPath(sandbox);
    await createLearners(sandbox, learnerAccounts(12, 'failover'));
    for (const account of [ADMIN, SUPPORT])
      await sandbox.raw(
        'POST',
        '/sandbox/users',
        { ...account, firstName: 'Bench', lastName: 'Mark' },
        { authorization: `Bearer ${sandbox.secretKey}` },
      );
    const databaseUrl = await createDatabase(postgres.adminUrl, 'bench_failover');
    const store = await openConsoleStore({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
    let counter = 0;
    const start = () =>
      startNode({
        name: `console-${++counter}`,
        databaseUrl,
        sandbox,
        forbidden: () => [sandbox.secretKey, postgres.password],
        env: { LECTERN_ADMINS: ADMIN.email, LECTERN_RELAY_POLL_MS: '250' },
        relay: { backoffBaseMs: 100, backoffCapMs: 2000, heartbeatMs: 1000 },
      });
    nodes.push(...(await Promise.all([start(), start()])));
    const signIn = async (node: ClusterNode, account: typeof ADMIN) =>
      cookieFrom((await node.http.post('/api/session', { body: account })).headers['set-cookie']);
    const admin = await signIn(nodes[0]!, ADMIN);
    await nodes[0]!.http.put(`/api/roles/${SUPPORT.email}`, {
      cookie: admin,
      body: { role: 'support' },
    });
    const cookie = await signIn(nodes[1]!, SUPPORT);

    const gaps: number[] = [];
    const elections: number[] = [];
    for (let kill = 1; kill <= KILLS; kill++) {
      const alive = nodes.filter((node) => node.child.exitCode === null && !node.child.signalCode);
      const result = await runFailover({
        sandbox,
        nodes: [alive[0]!, alive[1]!],
        db: store.db,
        cookie,
        eventsPerMinute: 10_000,
        faultRatePerType: 0.07,
        beforeKillMs: 5000,
        afterKillMs: 3000,
      });
      gaps.push(result.feedGapMs);
      elections.push(result.electedMs);
      const exact = result.browsers.every(
        (browser) => browser.duplicates === 0 && browser.missing === 0 && browser.outOfOrder === 0,
      );
      console.log(
        `kill ${kill}: leader ${result.killed} killed; ${result.survivor} led after ${Math.round(result.electedMs)} ms, polled the feed ${result.feedGapMs} ms after the kill; ${result.sandboxEvents.toLocaleString('en')} events so far, stored ${result.storedEvents.toLocaleString('en')} (missing ${result.missingFromStore}); browsers: ${result.browsers.map((b) => `${b.received.toLocaleString('en')} received, ${b.duplicates} duplicates, ${b.missing} missing`).join('; ')} (${exact ? 'exactly once' : 'NOT exactly once'}); two leaders seen ${result.twoLeaderSamples} times`,
      );
      nodes.push(await start()); // a replacement joins, as a supervisor would restart the dead one
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const summary = (values: number[]) =>
      `min ${Math.round(sorted(values)[0]!)} ms, median ${Math.round(sorted(values)[Math.floor(values.length / 2)]!)} ms, max ${Math.round(sorted(values).at(-1)!)} ms`;
    console.log(`failover, SIGKILL to the feed polled again: ${summary(gaps)} (target < 5,000 ms)`);
    console.log(`failover, SIGKILL to the new leader holding the lease: ${summary(elections)}`);
    await store.close();
  } finally {
    for (const node of nodes) await node.stop();
    await sandbox.close();
    await postgres.stop();
  }
}
