// Sandbox event feed benchmark (issue 3), over real HTTP against an in-memory demo sandbox:
//  (a) simulator throughput: POST /sandbox/activity of 50,000 events (events/s), and the background
//      worker at 10,000 events/minute, measured over a few seconds;
//  (b) feed read throughput: every event read through GET /events/:kind cursor walks, throttling
//      raised out of the way, one walk at a time and one walk per kind in parallel (events/s);
//  (c) page latency of the first and of the last page of the biggest kind (keyset: equal cost).
import { Pool } from 'undici';
import { EVENT_KINDS, type EventKind, type EventPage } from '#contract/index.ts';
import { buildSandbox } from '../src/sandbox/app.ts';

const KEY = 'sk_bench_0123456789abcdef0123';
const SIMULATED = 50_000;
const WORKER_RATE = 10_000;
const WORKER_SECONDS = 6;
const LATENCY_SAMPLES = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const perSecond = (n: number, ms: number) => Math.round((n * 1000) / ms).toLocaleString('en');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function run(): Promise<void> {
  const sandbox = await buildSandbox({
    dbFile: ':memory:',
    host: '127.0.0.1',
    port: 0,
    seed: 'demo',
    apiKey: KEY,
    logLevel: 'silent',
    activityPerMinute: 0,
  });
  const baseUrl = await sandbox.listen();
  const pool = new Pool(baseUrl, { connections: 8 });
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const res = await pool.request({
      method,
      path,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
    return JSON.parse(text) as unknown;
  };
  const countEvents = () =>
    sandbox.db.prepare('SELECT COUNT(*) FROM events').pluck().get() as number;

  try {
    await call('PUT', '/sandbox/settings', {
      eventsRateLimit: { perMinute: 1_000_000, burst: 1_000_000 },
    });

    // (a) Simulator.
    let started = performance.now();
    const made = (await call('POST', '/sandbox/activity', { count: SIMULATED })) as {
      total: number;
    };
    let ms = performance.now() - started;
    console.log(
      `simulator: ${made.total.toLocaleString('en')} events in ${ms.toFixed(0)} ms = ${perSecond(made.total, ms)} events/s (one POST /sandbox/activity)`,
    );

    const before = countEvents();
    sandbox.deps.settings.update({ activityPerMinute: WORKER_RATE });
    await sleep(WORKER_SECONDS * 1000);
    sandbox.deps.settings.update({ activityPerMinute: 0 });
    const workerMade = countEvents() - before;
    console.log(
      `background worker at ${WORKER_RATE.toLocaleString('en')}/min: ${workerMade} events in ${WORKER_SECONDS} s = ${Math.round((workerMade * 60) / WORKER_SECONDS).toLocaleString('en')}/min (one batch per 1 s tick)`,
    );

    // (b) Feed reads.
    const walk = async (kind: EventKind) => {
      let read = 0;
      let pages = 0;
      let cursor: string | undefined;
      do {
        const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
        const page = (await call('GET', `/incoming/v2/events/${kind}${query}`)) as EventPage;
        read += page.events.length;
        pages++;
        cursor = page.pageInfo.cursor;
      } while (cursor);
      return { read, pages };
    };
    const total = countEvents();
    started = performance.now();
    let read = 0;
    let pages = 0;
    for (const kind of EVENT_KINDS) {
      const result = await walk(kind);
      read += result.read;
      pages += result.pages;
    }
    ms = performance.now() - started;
    console.log(
      `feed, one walk at a time: ${read.toLocaleString('en')} of ${total.toLocaleString('en')} events, ${pages} pages in ${ms.toFixed(0)} ms = ${perSecond(read, ms)} events/s`,
    );
    started = performance.now();
    const parallel = await Promise.all(EVENT_KINDS.map(walk));
    ms = performance.now() - started;
    read = parallel.reduce((sum, r) => sum + r.read, 0);
    console.log(
      `feed, 8 kinds in parallel: ${read.toLocaleString('en')} events in ${ms.toFixed(0)} ms = ${perSecond(read, ms)} events/s`,
    );

    // (c) First versus last page of the biggest kind.
    const [biggest] = sandbox.db
      .prepare('SELECT kind FROM events GROUP BY kind ORDER BY COUNT(*) DESC LIMIT 1')
      .pluck()
      .all() as EventKind[];
    let lastCursor: string | undefined;
    let cursor: string | undefined;
    do {
      lastCursor = cursor;
      const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      cursor = ((await call('GET', `/incoming/v2/events/${biggest}${query}`)) as EventPage).pageInfo
        .cursor;
    } while (cursor);
    const timePage = async (query: string) => {
      const samples: number[] = [];
      for (let i = 0; i < LATENCY_SAMPLES; i++) {
        const t = performance.now();
        await call('GET', `/incoming/v2/events/${biggest}${query}`);
        samples.push(performance.now() - t);
      }
      return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
    };
    const first = await timePage('');
    const last = await timePage(lastCursor ? `?cursor=${encodeURIComponent(lastCursor)}` : '');
    console.log(
      `page latency (${biggest}, 100 events): first p50 ${first.p50.toFixed(2)} ms p99 ${first.p99.toFixed(2)} ms; last p50 ${last.p50.toFixed(2)} ms p99 ${last.p99.toFixed(2)} ms`,
    );
  } finally {
    await pool.close();
    await sandbox.close();
  }
}
