// Several console server processes on one PostgreSQL database, in front of one sandbox: what the
// cluster test and the failover benchmark run. Each node is its own process (cluster-node.ts), so a
// test can kill one outright with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { LEASES } from '../../../src/server/storage/coordination.ts';
import type { TestSandbox } from '../../helpers/sandbox.ts';
import { ScanningClient } from './scanning-client.ts';

const NODE_SCRIPT = fileURLToPath(new URL('./cluster-node.ts', import.meta.url));

export interface ClusterNode {
  name: string;
  url: string;
  child: ChildProcess;
  http: ScanningClient;
  health(): Promise<{ status: number; body: HealthBody }>;
  /** SIGKILL: no shutdown, no lease given up; its database sessions die with it. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface HealthBody {
  ok: boolean;
  server: string;
  database: { engine: string; status: string };
  relay: { role: string; leader: string | null; since: number | null };
  auditBacklog: number;
}

export interface NodeOptions {
  name: string;
  databaseUrl: string;
  sandbox: TestSandbox;
  /** Strings that must never reach a client (the API key, the database password). */
  forbidden: () => readonly string[];
  env?: Record<string, string>;
  relay?: Record<string, number>;
}

export async function startNode(options: NodeOptions): Promise<ClusterNode> {
  // The run's bundle of cluster-node.ts when vitest made one (test/global-cluster-node.ts), else tsx.
  const bundle = process.env.LECTERN_TEST_CLUSTER_NODE;
  const args = bundle ? [bundle] : ['--import', 'tsx', NODE_SCRIPT];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LECTERN_UPSTREAM_URL: options.sandbox.baseUrl,
      LECTERN_API_KEY: options.sandbox.secretKey,
      LECTERN_GRAPHQL_PATH: '/graphql',
      LECTERN_DATABASE_URL: options.databaseUrl,
      LECTERN_DATABASE_POOL_SIZE: '5',
      LECTERN_SERVER_NAME: options.name,
      LECTERN_LOG: 'error',
      LECTERN_TEST_RELAY: JSON.stringify(options.relay ?? {}),
      ...options.env,
    },
    // stdin: a pipe that closes when this process ends, so the node never outlives it (cluster-node.ts).
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (!/ExperimentalWarning|--trace-warnings/.test(text))
      process.stderr.write(`[${options.name}] ${text}`);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve(line.slice(6).trim());
    });
    child.once('exit', (code) => reject(new Error(`${options.name} exited with ${code}`)));
  });
  const http = new ScanningClient(url, url, options.forbidden);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name: options.name,
    url,
    child,
    http,
    async health() {
      const response = await http.get('/api/health');
      return { status: response.status, body: response.body as HealthBody };
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      await http.close();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      await http.close().catch(() => undefined);
    },
  };
}

/** Waits until `check` holds, polling every `everyMs`; returns how long it took (ms). */
export async function within(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
  everyMs = 20,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * True when each of `server`'s lease connections asked for its lease and lost it in the last 1.5 s:
 * its next check is 3.5 s away or more (at a 5 s lease check), so a takeover within a second of a
 * SIGTERM sent now can only come from the released lease's announcement (PostgreSQL shows a session's
 * last statement and when it went idle). Before a server's first attempt, "follower" is all it says,
 * and that attempt could win by itself.
 */
export async function justLostTheLease(database: pg.Pool, server: string): Promise<boolean> {
  const { rows } = await database.query<{ state: string; query: string; fresh: boolean }>(
    `SELECT state, query, now() - state_change < interval '1500 milliseconds' AS fresh
     FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
    [`lectern-relay:${server}`],
  );
  return (
    rows.length === LEASES.length &&
    rows.every(
      (row) => row.state === 'idle' && row.query.includes('pg_try_advisory_lock') && row.fresh,
    )
  );
}
