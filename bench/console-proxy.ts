// Console proxy overhead (issue 4), in one run against the same sandbox, each server in its own process:
//  (a) latency added by the console server at a fixed 1,000 req/s on /api/v2/courseGroups, compared with
//      calling the sandbox directly (p50 and p99; targets: <= 0.5 ms and <= 2 ms added), with sessions
//      in SQLite and, on a second console server, in PostgreSQL (issue 15: a real server started here);
//  (b) saturated throughput (autocannon) through the console server, as a ratio of the direct call and
//      of a reference proxy built with @fastify/http-proxy (target: >= 1.5x the reference proxy), for two
//      workloads: every connection reading the same page (many people on one screen: the console
//      collapses identical concurrent reads into one upstream call), and every request distinct (a
//      throwaway query parameter defeats collapsing, so this is the bare cost of proxying);
//  (c) what metrics add (issue 26): in the rounds of (a), a third console server with SQLite sessions
//      and LECTERN_METRICS_TOKEN set (request and upstream histograms, process series) against the
//      one without: p50 and p99 of each and their ratio.
// The same file runs the child processes: `--child sandbox|console|reference`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { createDatabase, startPostgres } from '../test/helpers/postgres-server.ts';
import { verdict } from './verdict.ts';

const KEY = 'sk_bench_proxy_0123456789abcdef';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
/** Requests per second of the latency phase (BENCH_PROXY_RATE overrides, to probe a loaded machine). */
const RATE = Number(process.env.BENCH_PROXY_RATE ?? 1000);
// Short rounds, alternating direct and console, so both see the same background noise.
const ROUNDS = 15;
const ROUND_SECONDS = 1;
const SATURATION_SECONDS = 8;
const CONNECTIONS = 32;
// Few groups per page: the upstream's own cost must leave room for 1,000 req/s on a small machine.
const GROUPS = 10;

// autocannon ships no types; this is the part used here.
interface AutocannonResult {
  requests: { average: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests?: { setupRequest(request: { path: string }): { path: string } }[];
}) => Promise<AutocannonResult>;

type Workload = 'same page' | 'distinct';
const WORKLOADS: Workload[] = ['same page', 'distinct'];
const describe = (workload: Workload) =>
  workload === 'same page'
    ? 'every request for the same page'
    : 'every request distinct (no collapsing possible)';

interface Ready {
  url: string;
  cookie?: string;
}

// ---------------------------------------------------------------- children

async function childSandbox(): Promise<Ready> {
  const { buildSandbox } = await import('../src/sandbox/app.ts');
  const sandbox = await buildSandbox({
    env: {},
    dbFile: ':memory:',
    host: '127.0.0.1',
    port: 0,
    seed: 'empty',
    apiKey: KEY,
    logLevel: 'silent',
    activityPerMinute: 0,
  });
  const url = await sandbox.listen();
  const pool = new Pool(url);
  const response = await pool.request({
    method: 'POST',
    path: '/incoming/v2/content/course/create',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      courseAttributes: Array.from({ length: GROUPS }, (_, i) => ({
        title: `Benchmark course group ${i + 1}`,
        kind: 'courseGroup',
        description: 'A course group used to measure the console proxy.',
      })),
    }),
  });
  await response.body.dump();
  await pool.close();
  return { url };
}

async function childConsole(
  sandboxUrl: string,
  databaseUrl?: string,
  metrics?: boolean,
): Promise<Ready> {
  const { buildConsoleServer } = await import('../src/server/app.ts');
  const { readConsoleConfig } = await import('../src/server/config.ts');
  const config = readConsoleConfig({
    ...(databaseUrl ? { LECTERN_DATABASE_URL: databaseUrl } : { LECTERN_DB: ':memory:' }),
    PORT: '0',
    LECTERN_LOG: 'warn',
    LECTERN_RELAY_KINDS: 'none',
    ...(metrics && { LECTERN_METRICS_TOKEN: METRICS_TOKEN }),
  });
  const server = await buildConsoleServer(config, {
    baseUrl: sandboxUrl,
    apiKey: KEY,
    graphqlPath: '/graphql',
  });
  const url = await server.listen();
  await server.deps.roles.grant('bench@lectern.test', 'support', 'cli', null);
  const { id } = await server.deps.sessions.start({
    email: 'bench@lectern.test',
    userId: 'bench',
    firstName: 'Bench',
    lastName: 'Mark',
  });
  return { url, cookie: `${server.deps.sessionCookie.name}=${id}` };
}

async function childReference(sandboxUrl: string): Promise<Ready> {
  const { default: Fastify } = await import('fastify');
  const { default: proxy } = await import('@fastify/http-proxy');
  const app = Fastify({ logger: false });
  await app.register(proxy, {
    upstream: sandboxUrl,
    prefix: '/api/v2',
    rewritePrefix: '/incoming/v2',
    replyOptions: {
      rewriteRequestHeaders: (_request, headers) => ({
        ...headers,
        authorization: `Bearer ${KEY}`,
      }),
    },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url };
}

if (process.argv[2] === '--child') {
  const role = process.argv[3];
  const upstream = process.argv[4] ?? '';
  const ready =
    role === 'sandbox'
      ? await childSandbox()
      : role === 'console'
        ? await childConsole(upstream, process.argv[5] || undefined, process.argv[6] === 'metrics')
        : await childReference(upstream);
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
  // Exit normally on a signal, so --cpu-prof and friends can write their files.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
}

// ---------------------------------------------------------------- parent

/**
 * The Node flags the console and the sandbox run with (their npm scripts in package.json), so the bench
 * runs them the same way; the reference proxy gets the console's, so both proxies run alike.
 */
function nodeFlags(role: string): string[] {
  const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    .scripts as Record<string, string>;
  const script = role === 'sandbox' ? scripts.sandbox! : scripts.start!;
  return script.split(' ').filter((word) => word.startsWith('--') && word !== '--import');
}

function startChild(
  role: string,
  ...args: string[]
): Promise<{ child: ChildProcess; ready: Ready }> {
  const flags = nodeFlags(role);
  const child = spawn(
    process.execPath,
    [...flags, '--import', 'tsx', fileURLToPath(import.meta.url), '--child', role, ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, ready: JSON.parse(line.slice(6)) as Ready });
    });
    child.once('exit', (code) => reject(new Error(`${role} child exited with ${code}`)));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

let distinctCounter = 0;

/** Sends `rate` requests per second for `seconds` (open loop) and returns each latency in ms. */
async function fixedRate(
  pool: Pool,
  path: string,
  headers: Record<string, string>,
  seconds: number,
  workload: Workload,
): Promise<number[]> {
  const latencies: number[] = [];
  const total = RATE * seconds;
  let sent = 0;
  let failed = 0;
  const inflight = new Set<Promise<void>>();
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
      while (sent < due) {
        sent += 1;
        const t0 = performance.now();
        const request = pool
          .request({
            method: 'GET',
            path: workload === 'distinct' ? `${path}?n=${++distinctCounter}` : path,
            headers,
          })
          .then(async (response) => {
            await response.body.dump();
            if (response.statusCode !== 200) failed += 1;
            latencies.push(performance.now() - t0);
          })
          .finally(() => inflight.delete(request));
        inflight.add(request);
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(inflight);
  if (failed) throw new Error(`${failed} requests to ${path} did not answer 200`);
  return latencies;
}

async function saturate(
  url: string,
  headers: Record<string, string>,
  workload: Workload,
): Promise<number> {
  let counter = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SATURATION_SECONDS,
    headers,
    // The sandbox ignores unknown query parameters; each request's own `n` makes it unique.
    ...(workload === 'distinct' && {
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: `${new URL(url).pathname}?n=${++counter}`,
          }),
        },
      ],
    }),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

/** CPU time (user + system, ms) a child has used so far; Linux only (undefined elsewhere). */
function cpuMs(child: ChildProcess): number | undefined {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

export async function run(): Promise<void> {
  const children: ChildProcess[] = [];
  const postgres = await startPostgres();
  try {
    const databaseUrl = await createDatabase(postgres.adminUrl, 'bench_proxy');
    const sandbox = await startChild('sandbox');
    children.push(sandbox.child);
    const [consoleServer, consolePg, consoleMetrics, reference] = await Promise.all([
      startChild('console', sandbox.ready.url),
      startChild('console', sandbox.ready.url, databaseUrl),
      startChild('console', sandbox.ready.url, '', 'metrics'),
      startChild('reference', sandbox.ready.url),
    ]);
    children.push(consoleServer.child, consolePg.child, consoleMetrics.child, reference.child);

    const targets = {
      direct: {
        url: sandbox.ready.url,
        path: '/incoming/v2/courseGroups',
        headers: { authorization: `Bearer ${KEY}` },
      },
      console: {
        url: consoleServer.ready.url,
        path: '/api/v2/courseGroups',
        headers: { cookie: consoleServer.ready.cookie! },
      },
      consolePg: {
        url: consolePg.ready.url,
        path: '/api/v2/courseGroups',
        headers: { cookie: consolePg.ready.cookie! },
      },
      consoleMetrics: {
        url: consoleMetrics.ready.url,
        path: '/api/v2/courseGroups',
        headers: { cookie: consoleMetrics.ready.cookie! },
      },
      reference: { url: reference.ready.url, path: '/api/v2/courseGroups', headers: {} },
    };

    // (a) Latency at a fixed rate, direct and through each console, interleaved in rounds.
    const LATENCY_TARGETS = ['direct', 'console', 'consolePg', 'consoleMetrics'] as const;
    type LatencyTarget = (typeof LATENCY_TARGETS)[number];
    for (const workload of WORKLOADS) {
      const pools = {
        direct: new Pool(targets.direct.url, { connections: 16 }),
        console: new Pool(targets.console.url, { connections: 16 }),
        consolePg: new Pool(targets.consolePg.url, { connections: 16 }),
        consoleMetrics: new Pool(targets.consoleMetrics.url, { connections: 16 }),
      };
      const samples: Record<LatencyTarget, number[]> = {
        direct: [],
        console: [],
        consolePg: [],
        consoleMetrics: [],
      };
      for (const name of LATENCY_TARGETS)
        await fixedRate(pools[name], targets[name].path, targets[name].headers, 2, workload); // warm-up
      for (let round = 0; round < ROUNDS; round++)
        for (const name of LATENCY_TARGETS)
          samples[name].push(
            ...(await fixedRate(
              pools[name],
              targets[name].path,
              targets[name].headers,
              ROUND_SECONDS,
              workload,
            )),
          );
      await Promise.all(Object.values(pools).map((pool) => pool.close()));
      const sorted = {
        direct: samples.direct.sort((a, b) => a - b),
        console: samples.console.sort((a, b) => a - b),
        consolePg: samples.consolePg.sort((a, b) => a - b),
        consoleMetrics: samples.consoleMetrics.sort((a, b) => a - b),
      };
      const p = (name: LatencyTarget, q: number) => percentile(sorted[name], q);
      console.log(
        `latency at ${RATE} req/s on /courseGroups, ${describe(workload)} (${GROUPS} groups per page, ${sorted.direct.length} samples each):`,
      );
      console.log(
        `  direct:                        p50 ${ms(p('direct', 50))}  p99 ${ms(p('direct', 99))}`,
      );
      for (const [name, label] of [
        ['console', 'console, SQLite sessions:    '],
        ['consolePg', 'console, PostgreSQL sessions:'],
      ] as const) {
        const addedP50 = p(name, 50) - p('direct', 50);
        const addedP99 = p(name, 99) - p('direct', 99);
        console.log(
          `  ${label} p50 ${ms(p(name, 50))}  p99 ${ms(p(name, 99))}; added p50 ${ms(addedP50)} (target <= 0.5 ms: ${addedP50 <= 0.5 ? 'met' : 'MISSED'})  p99 ${ms(addedP99)} (target <= 2 ms: ${addedP99 <= 2 ? 'met' : 'MISSED'})`,
        );
        verdict(
          `Console proxy latency added, p99, ${describe(workload)}, ${label.trim().replace(/:$/, '')}`,
          addedP99 <= 2,
          `${ms(addedP99)} (p50 ${ms(addedP50)})`,
          '<= 2 ms',
          `direct p99 ${ms(p('direct', 99))}`,
        );
      }
      const ratio = (q: number) => (p('consoleMetrics', q) / p('console', q)).toFixed(3);
      console.log(
        `  console with metrics:          p50 ${ms(p('consoleMetrics', 50))}  p99 ${ms(p('consoleMetrics', 99))}; with / without metrics: p50 ${ratio(50)}x  p99 ${ratio(99)}x`,
      );
    }

    // The server with metrics really counted what it answered (one series per route template).
    const scrape = await fetch(`${targets.consoleMetrics.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const counted =
      /lectern_http_request_duration_seconds_count\{method="GET",route="\/api\/v2\/courseGroups",status="200"\} (\d+)/.exec(
        await scrape.text(),
      );
    if (!counted) throw new Error('the console server with metrics did not count its requests');
    console.log(
      `metrics: ${counted[1]} requests to /api/v2/courseGroups counted by the metered server`,
    );

    // (b) Saturated throughput. On a small shared machine the sandbox is often the bottleneck for both
    // proxies, so the CPU each proxy process spends per request is reported too: it is what decides
    // throughput once the proxy, not the upstream, is the limit.
    const processes = { console: consoleServer.child, reference: reference.child } as const;
    for (const workload of WORKLOADS) {
      const throughput: Record<string, number> = {};
      const cpuPerRequest: Record<string, number | undefined> = {};
      for (const name of ['direct', 'console', 'reference'] as const) {
        const child = name === 'direct' ? undefined : processes[name];
        const before = child && cpuMs(child);
        throughput[name] = await saturate(
          `${targets[name].url}${targets[name].path}`,
          targets[name].headers,
          workload,
        );
        const after = child && cpuMs(child);
        if (before !== undefined && after !== undefined)
          cpuPerRequest[name] = (after - before) / (throughput[name]! * SATURATION_SECONDS);
      }
      const vsReference = throughput.console! / throughput.reference!;
      console.log(
        `saturated throughput, ${describe(workload)} (${CONNECTIONS} connections, ${SATURATION_SECONDS} s each):`,
      );
      console.log(`  direct:                        ${Math.round(throughput.direct!)} req/s`);
      console.log(
        `  console server:                ${Math.round(throughput.console!)} req/s (${(throughput.console! / throughput.direct!).toFixed(2)}x direct)`,
      );
      console.log(
        `  reference @fastify/http-proxy: ${Math.round(throughput.reference!)} req/s; console is ${vsReference.toFixed(2)}x the reference${workload === 'same page' ? ` (target >= 1.5x: ${vsReference >= 1.5 ? 'met' : 'MISSED'})` : ''}`,
      );
      if (cpuPerRequest.console !== undefined && cpuPerRequest.reference !== undefined)
        console.log(
          `  proxy CPU per request: console ${ms(cpuPerRequest.console)}, reference ${ms(cpuPerRequest.reference)} (${(cpuPerRequest.reference / cpuPerRequest.console).toFixed(2)}x the requests per CPU-second, with sessions, roles and security headers)`,
        );
    }
  } finally {
    for (const child of children) child.kill();
    await postgres.stop();
  }
}
