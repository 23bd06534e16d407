// A real PostgreSQL server for tests and benchmarks: Debian's `postgresql` binaries (see
// docs/decisions/0001-postgresql-for-tests.md), a fresh cluster in a temporary folder, listening on
// 127.0.0.1 only, with a random password. `npm test` starts one per run (test/global-postgres.ts) and
// every test file makes its own databases on it. PostgreSQL refuses to run as root: when we are root,
// the cluster belongs to `nobody` and the server runs as that user. A watchdog process stops the server
// and removes the folder if the test run dies without cleaning up.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

export const POSTGRES_MISSING = `PostgreSQL's server programs (initdb, postgres) were not found. The PostgreSQL tests start a real
server: install it with \`sudo apt-get install -y postgresql\` (Debian/Ubuntu; .ci/run does this), or set
LECTERN_TEST_PG_BIN to the folder that holds initdb and postgres.`;

const NOBODY = 65534;

export interface PostgresServer {
  port: number;
  /** Superuser URL of the `postgres` database (to create databases). */
  adminUrl: string;
  password: string;
  stop(): Promise<void>;
}

/** The folder with initdb and postgres: LECTERN_TEST_PG_BIN, Debian's newest, or PATH. */
export function findPostgresBin(): string {
  const fromEnv = process.env.LECTERN_TEST_PG_BIN;
  const candidates: string[] = fromEnv ? [fromEnv] : [];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    candidates.push(
      ...readdirSync(debian)
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => join(debian, version, 'bin')),
    );
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (pgConfig.status === 0) candidates.push(pgConfig.stdout.trim());
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(dir);
  const found = candidates.find(
    (dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')),
  );
  if (!found) throw new Error(POSTGRES_MISSING);
  return found;
}

export interface StartPostgresOptions {
  port?: number;
  /**
   * A folder that outlives the server (the benches' cache of filled databases): its cluster is made on
   * the first start and reused by later ones, and stop() leaves it in place. Without it, a temporary
   * cluster removed at stop.
   */
  keepIn?: string;
}

export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? { uid: NOBODY, gid: NOBODY } : {};
  const kept = options.keepIn !== undefined;
  const dir = options.keepIn ?? mkdtempSync(join(tmpdir(), 'lectern-pg-'));
  const data = join(dir, 'data');
  const passwordFile = join(dir, 'password');
  const reuse = kept && existsSync(join(data, 'PG_VERSION')) && existsSync(passwordFile);
  if (kept && !reuse) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const password = reuse ? readFileSync(passwordFile, 'utf8') : randomBytes(12).toString('hex');
  if (!reuse) writeFileSync(passwordFile, password);
  if (asRoot) {
    chownSync(dir, NOBODY, NOBODY);
    chownSync(passwordFile, NOBODY, NOBODY);
  }
  chmodSync(dir, 0o700);
  if (!reuse) initCluster(bin, data, passwordFile, dir, owner);
  return runServer(bin, dir, options, owner, password);
}

function initCluster(
  bin: string,
  data: string,
  passwordFile: string,
  dir: string,
  owner: { uid?: number; gid?: number },
): void {
  const init = spawnSync(
    join(bin, 'initdb'),
    [
      '-D',
      data,
      '-U',
      'postgres',
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ],
    { ...owner, encoding: 'utf8' },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.status}): ${init.stderr || init.error?.message}`);
  }
}

async function runServer(
  bin: string,
  dir: string,
  options: StartPostgresOptions,
  owner: { uid?: number; gid?: number },
  password: string,
): Promise<PostgresServer> {
  const data = join(dir, 'data');
  const kept = options.keepIn !== undefined;
  const listenPort =
    options.port ?? (Number(process.env.LECTERN_TEST_PG_PORT) || (await freePort()));
  const server = spawn(
    join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(listenPort),
      '-h',
      '127.0.0.1',
      '-k',
      '',
      // A throwaway cluster: durability is not what the tests measure.
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
    ],
    { ...owner, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  server.stderr!.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const watchdog = startWatchdog(server, kept ? null : dir);

  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${listenPort}/postgres`;
  const stop = async () => {
    await stopProcess(server);
    watchdog.kill(); // its work is done here
    if (!kept) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(adminUrl, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port: listenPort, adminUrl, password, stop };
}

async function waitUntilReady(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`PostgreSQL exited (${server.exitCode}) at start:\n${log()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline)
        throw new Error(
          `PostgreSQL did not accept connections: ${(error as Error).message}\n${log()}`,
          { cause: error },
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT'); // fast shutdown: ends sessions, no waiting for clients
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Stops the server when our stdin closes (we ended, however we ended), and removes its folder unless it
 * is kept (null). A kept cluster gets a fast shutdown (SIGINT), not an immediate one, so it opens cleanly.
 */
function startWatchdog(server: ChildProcess, dir: string | null): ChildProcess {
  const script = `
    process.stdin.resume();
    process.stdin.on('end', () => {
      try { process.kill(${server.pid}, ${JSON.stringify(dir === null ? 'SIGINT' : 'SIGQUIT')}); } catch {}
      setTimeout(() => {
        if (${JSON.stringify(dir)} !== null)
          try { require('node:fs').rmSync(${JSON.stringify(dir)}, { recursive: true, force: true }); } catch {}
        process.exit(0);
      }, 500);
    });`;
  const watchdog = spawn(process.execPath, ['-e', script], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
  return watchdog;
}

let databaseCounter = 0;

/** A new, empty database on the server; returns its URL. */
export async function createDatabase(adminUrl: string, prefix = 'lectern'): Promise<string> {
  const name = `${prefix}_${process.pid}_${++databaseCounter}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
