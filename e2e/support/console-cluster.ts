// Two console servers sharing one PostgreSQL database (the way several servers share the work in
// production), in front of one sandbox of their own: for specs where colleagues on different servers
// meet (presence, leases, anything cross-server). PostgreSQL is Debian's, started by
// test/helpers/postgres-server.ts. Started on first use by a worker (the `consoleCluster` fixture),
// on the worker's ports from +4 (sandbox) to +6 (the two servers); the demo staff have their roles.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_STAFF } from '../../test/helpers/demo-accounts.ts';
import { createDatabase, startPostgres } from '../../test/helpers/postgres-server.ts';
import { copySeededSandbox, workerPorts } from './env.ts';
import { startServer, stopServer, waitUntilAnswering } from './processes.ts';
import { SandboxClient } from './sandbox.ts';

export interface ConsoleCluster {
  /** The two console servers' addresses. */
  urls: readonly [string, string];
  sandboxUrl: string;
  /** A client of their sandbox, for test data. */
  sandbox: SandboxClient;
  stop(): Promise<void>;
}

export async function startConsoleCluster(parallelIndex: number): Promise<ConsoleCluster> {
  const ports = workerPorts(parallelIndex);
  const dir = mkdtempSync(join(tmpdir(), 'lectern-cluster-'));
  const key = `cluster-e2e-${randomBytes(12).toString('hex')}`;
  const sandboxUrl = `http://127.0.0.1:${ports.clusterSandbox}`;
  const urls = ports.clusterConsoles.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  const postgres = await startPostgres();
  const children: ReturnType<typeof startServer>[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopServer(child)));
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const databaseUrl = await createDatabase(postgres.adminUrl, 'lectern_e2e_cluster');
    copySeededSandbox(join(dir, 'sandbox.db'));
    const sandbox = startServer(
      'src/sandbox/main.ts',
      {
        SANDBOX_PORT: String(ports.clusterSandbox),
        SANDBOX_DB: join(dir, 'sandbox.db'),
        SANDBOX_API_KEY: key,
        SANDBOX_SEED: 'demo',
        SANDBOX_ACTIVITY_PER_MINUTE: '0',
        SANDBOX_LOG: 'silent',
      },
      'cluster sandbox',
    );
    children.push(sandbox);
    await waitUntilAnswering(`${sandboxUrl}/incoming/v2/openapi.json`, sandbox, 'sandbox', 120_000);
    // One after the other: the first runs the migrations.
    for (const [index, port] of ports.clusterConsoles.entries()) {
      const child = startServer(
        'src/server/main.ts',
        {
          HOST: '127.0.0.1',
          PORT: String(port),
          LECTERN_UPSTREAM_URL: sandboxUrl,
          LECTERN_API_KEY: key,
          LECTERN_GRAPHQL_PATH: '/graphql',
          LECTERN_DATABASE_URL: databaseUrl,
          LECTERN_ADMINS: DEMO_STAFF.admin.email,
          LECTERN_RELAY_KINDS: 'none',
          LECTERN_LOG: 'error',
          LECTERN_SIGNIN_PER_ADDRESS: '10000',
        },
        `cluster console ${index + 1}`,
      );
      children.push(child);
      await waitUntilAnswering(`${urls[index]}/api/meta`, child, 'console server', 120_000);
    }
    await grant(urls[0], DEMO_STAFF.contentManager.email, 'contentManager');
    await grant(urls[0], DEMO_STAFF.support.email, 'support');
  } catch (error) {
    await stop();
    throw error;
  }
  const sandbox = new SandboxClient({ sandboxUrl, sandboxDb: join(dir, 'sandbox.db') });
  return { urls, sandboxUrl, sandbox, stop };
}

async function grant(url: string, email: string, role: string): Promise<void> {
  const headers = { 'content-type': 'application/json', 'x-lectern-csrf': '1', origin: url };
  const session = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify(DEMO_STAFF.admin),
  });
  if (session.status !== 200) throw new Error(`admin sign-in: ${session.status}`);
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const response = await fetch(`${url}/api/roles/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ role }),
  });
  if (response.status !== 200) throw new Error(`grant ${role}: ${response.status}`);
}
