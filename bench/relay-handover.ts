// Relay handover on SIGTERM (issue 26): two console server processes on one PostgreSQL (a real server
// started here), followers checking the lease every 5 s. Each round waits until the follower has just
// tried for the lease and lost, sends the leader SIGTERM and times how long until the follower reports
// itself leader: only the stopping leader's announcement can make that happen before the next check.
// A replacement server joins after each round, as a supervisor would restart the stopped one.
import pg from 'pg';
import { createDatabase, startPostgres } from '../test/helpers/postgres-server.ts';
import { startSandbox } from '../test/helpers/sandbox.ts';
import {
  justLostTheLease,
  startNode,
  within,
  type ClusterNode,
} from '../test/server/helpers/cluster.ts';
import { percentile, verdict } from './verdict.ts';

const ROUNDS = 5;
const LEASE_CHECK_MS = 5000;

export async function run(): Promise<void> {
  const postgres = await startPostgres();
  const sandbox = await startSandbox();
  const databaseUrl = await createDatabase(postgres.adminUrl, 'bench_handover');
  const database = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const nodes: ClusterNode[] = [];
  let counter = 0;
  const start = () =>
    startNode({
      name: `console-${++counter}`,
      databaseUrl,
      sandbox,
      forbidden: () => [sandbox.secretKey, postgres.password],
      env: { LECTERN_RELAY_KINDS: 'courseEnrollment', LECTERN_RELAY_POLL_MS: '250' },
      relay: { leaseCheckMs: LEASE_CHECK_MS },
    });
  const role = async (node: ClusterNode) => (await node.health()).body.relay.role;
  try {
    const first = await start();
    nodes.push(first);
    await within(async () => (await role(first)) === 'leader', 15_000, 'the first to lead');
    const handovers: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const leader = nodes.at(-1)!; // the follower of the round before, or the first
      const follower = await start();
      nodes.push(follower);
      await within(() => justLostTheLease(database, follower.name), 15_000, 'a lost try');
      const sent = performance.now();
      leader.child.kill('SIGTERM');
      await within(async () => (await role(follower)) === 'leader', 15_000, 'the handover', 5);
      handovers.push(performance.now() - sent);
      console.log(
        `round ${round}: ${leader.name} stopped, ${follower.name} led after ${Math.round(handovers.at(-1)!)} ms`,
      );
      await leader.stop();
    }
    const p50 = percentile(handovers, 50);
    const worst = Math.max(...handovers);
    verdict(
      'relay handover after SIGTERM',
      worst < 1000,
      `median ${Math.round(p50)} ms, worst of ${ROUNDS} ${Math.round(worst)} ms`,
      '< 1,000 ms each',
      `the next lease check, ${LEASE_CHECK_MS.toLocaleString('en')} ms away at each SIGTERM`,
    );
  } finally {
    for (const node of nodes) await node.stop();
    await database.end();
    await sandbox.close();
    await postgres.stop();
  }
}
