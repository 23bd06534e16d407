// What presence costs the console server (issue 22): 500 open editor tabs, each beating
// (PUT /api/presence/courses/{id}/tabs/{tab}) at the default pace (every 8 s with the 20 s expiry),
// against one console server in its own process, with its database on SQLite and then on
// PostgreSQL. Figures:
//  (a) at the real pace for 500 editors (62.5 beats/s): the server's CPU share and beat latency;
//  (b) saturated (64 beats in flight, no pause): the beats per second the server sustains, and its
//      CPU share then — how many open editors one server could carry (sustained / pace).
// The tabs sit on 250 courses, two per course (one holds the lease); a beat that changes nothing
// writes one row and publishes nothing. The load average is printed beside the figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { createDatabase, startPostgres } from '../test/helpers/postgres-server.ts';

const EDITORS = 500;
const COURSES = 250;
const PACE_SECONDS = Number(process.env.BENCH_PRESENCE_SECONDS ?? 10);
const SATURATED_SECONDS = 8;
const IN_FLIGHT = 64;

interface Ready {
  url: string;
  cookies: string[];
  heartbeatMs: number;
}

// ---------------------------------------------------------------- child: the console server

async function childConsole(databaseUrl?: string): Promise<Ready> {
  const { buildConsoleServer } = await import('../src/server/app.ts');
  const { readConsoleConfig } = await import('../src/server/config.ts');
  const config = readConsoleConfig({
    ...(databaseUrl ? { LECTERN_DATABASE_URL: databaseUrl } : { LECTERN_DB: ':memory:' }),
    PORT: '0',
    LECTERN_LOG: 'warn',
    LECTERN_RELAY_KINDS: 'none',
  });
  // Presence never calls the Content API: the upstream is a port nothing listens on.
  const server = await buildConsoleServer(config, {
    baseUrl: 'http://127.0.0.1:9',
    apiKey: 'sk_bench_presence_0123456789abcdef',
    graphqlPath: '/graphql',
  });
  const url = await server.listen();
  const cookies: string[] = [];
  // One person per two courses' worth of tabs: 250 people, each with two tabs open.
  for (let person = 0; person < EDITORS / 2; person++) {
    const email = `editor${person}@lectern.test`;
    await server.deps.roles.grant(email, 'contentManager', 'cli', null);
    const { id } = await server.deps.sessions.start({
      email,
      userId: `editor-${person}`,
      firstName: 'Editor',
      lastName: String(person),
    });
    cookies.push(`${server.deps.sessionCookie.name}=${id}`);
  }
  return { url, cookies, heartbeatMs: config.presence.heartbeatMs };
}

if (process.argv[2] === '--child') {
  const ready = await childConsole(process.argv[3]);
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
}

// ---------------------------------------------------------------- parent

function startChild(databaseUrl?: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(
    process.execPath,
    [
      '--single-threaded-gc',
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--child',
      ...(databaseUrl ? [databaseUrl] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, ready: JSON.parse(line.slice(6)) as Ready });
    });
    child.once('exit', (code) => reject(new Error(`console child exited with ${code}`)));
  });
}

/** CPU time (user + system, ms) the child has used so far (Linux /proc; clock ticks of 10 ms). */
function cpuMs(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Tab {
  path: string;
  cookie: string;
  body: string;
}

function tabs(cookies: string[]): Tab[] {
  const courses = Array.from({ length: COURSES }, () => randomUUID());
  return Array.from({ length: EDITORS }, (_, n) => ({
    path: `/api/presence/courses/${courses[n % COURSES]}/tabs/tab-${n}-${randomUUID().slice(0, 8)}`,
    cookie: cookies[Math.floor(n / 2)]!,
    body: JSON.stringify({
      browserId: `browser-${Math.floor(n / 2)}`,
      loadId: `load-${n}-${randomUUID().slice(0, 8)}`,
      title: `Course ${n % COURSES}`,
      claim: true,
    }),
  }));
}

async function beat(pool: Pool, tab: Tab): Promise<number> {
  const started = performance.now();
  const response = await pool.request({
    method: 'PUT',
    path: tab.path,
    headers: {
      cookie: tab.cookie,
      'content-type': 'application/json',
      'x-lectern-csrf': '1',
      'sec-fetch-site': 'same-origin',
    },
    body: tab.body,
  });
  await response.body.dump();
  if (response.statusCode !== 200) throw new Error(`beat answered ${response.statusCode}`);
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(engine: string, child: ChildProcess, ready: Ready): Promise<void> {
  const pool = new Pool(ready.url, { connections: IN_FLIGHT });
  const all = tabs(ready.cookies);
  for (const tab of all) await beat(pool, tab); // every tab opens the course

  // (a) The real pace: each tab beats every heartbeatMs, spread evenly.
  const rate = EDITORS / (ready.heartbeatMs / 1000);
  const latencies: number[] = [];
  const cpuBefore = cpuMs(child);
  const started = performance.now();
  let sent = 0;
  const inflight = new Set<Promise<void>>();
  while (performance.now() - started < PACE_SECONDS * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; sent < due; sent++) {
      const task = beat(pool, all[sent % EDITORS]!).then((ms) => void latencies.push(ms));
      inflight.add(task);
      void task.finally(() => inflight.delete(task));
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(inflight);
  const paceSeconds = (performance.now() - started) / 1000;
  const paceCpu = (cpuMs(child) - cpuBefore) / 1000 / paceSeconds;
  latencies.sort((a, b) => a - b);

  // (b) Saturated: IN_FLIGHT beats always in flight.
  let done = 0;
  const cpuSat = cpuMs(child);
  const satStarted = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async (_, lane) => {
      for (
        let n = lane;
        performance.now() - satStarted < SATURATED_SECONDS * 1000;
        n += IN_FLIGHT
      ) {
        await beat(pool, all[n % EDITORS]!);
        done++;
      }
    }),
  );
  const satSeconds = (performance.now() - satStarted) / 1000;
  const sustained = done / satSeconds;
  const satCpu = (cpuMs(child) - cpuSat) / 1000 / satSeconds;
  await pool.close();

  const pct = (share: number) => `${(share * 100).toFixed(1)}% of one core`;
  console.log(`${engine}:`);
  console.log(
    `  ${EDITORS} editors at the real pace (${rate.toFixed(1)} beats/s, one per tab every ${ready.heartbeatMs / 1000} s, ${latencies.length} beats): CPU ${pct(paceCpu)}; latency p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
  );
  console.log(
    `  saturated (${IN_FLIGHT} in flight): ${sustained.toFixed(0)} beats/s sustained at CPU ${pct(satCpu)}, enough for ${Math.floor((sustained * ready.heartbeatMs) / 1000).toLocaleString('en')} open editors per server`,
  );
}

export async function run(): Promise<void> {
  const children: ChildProcess[] = [];
  const postgres = await startPostgres();
  try {
    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const sqlite = await startChild();
    children.push(sqlite.child);
    await measure('SQLite', sqlite.child, sqlite.ready);
    const databaseUrl = await createDatabase(postgres.adminUrl, 'bench_presence');
    const pg = await startChild(databaseUrl);
    children.push(pg.child);
    await measure('PostgreSQL', pg.child, pg.ready);
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await postgres.stop();
  }
}

if (process.argv[2] !== '--child' && process.argv[1] === fileURLToPath(import.meta.url))
  await run();
