// Stopping and starting cleanly: liveness and readiness, and a graceful stop (what SIGTERM does) that
// turns readiness off, finishes requests in flight (cut at the grace's end), ends event streams with a
// retry hint, hands the relay lease to another server within a second (two server processes on
// PostgreSQL, stopped with a real SIGTERM; their /metrics say who leads and both report the shared
// relay state), then closes the database.
import { once } from 'node:events';
import { connect } from 'node:net';
import pg from 'pg';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCourses,
  createLearners,
  learnerAccounts,
  simulate,
} from '../helpers/learner-fixtures.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { postgresPassword, testDatabaseUrl } from '../helpers/test-database.ts';
import { justLostTheLease, startNode, within, type ClusterNode } from './helpers/cluster.ts';
import { CuttableProxy, proxiedTestDatabase } from './helpers/cuttable-proxy.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { sample } from './helpers/metrics-text.ts';

/**
 * Waits until the console has forwarded a request for `path` to the sandbox (which holds it there):
 * the request is then in flight when the stop begins. A fixed pause was too short under load.
 */
const forwarded = (h: Harness, since: number, path: string) =>
  within(
    () =>
      h.upstreamRequests
        .slice(since)
        .some((sent) => new URL(sent.url, 'http://x').pathname.endsWith(path)),
    10_000,
    `the console to forward ${path}`,
  );

const SLOW_MS = 1500;

/** Status, headers (lower-case names) and body of one HTTP/1.1 response read off a socket. */
function parseResponse(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('liveness, readiness and a graceful stop', () => {
  let h: Harness;
  let support: string;

  beforeAll(async () => {
    h = await startHarness({
      env: { LECTERN_RELAY_KINDS: 'courseEnrollment', LECTERN_SHUTDOWN_GRACE_S: '10' },
    });
    support = await h.sessionCookie('support@lectern.test', 'support');
    await h.sandboxSettings({
      faults: [{ route: '/tags', method: 'GET', delayMs: SLOW_MS, rate: 1 }],
    });
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  it('answers live and ready while it can serve', async () => {
    expect(await h.http.get('/api/health/live')).toMatchObject({
      status: 200,
      body: { alive: true, server: 'test-console' },
    });
    expect(await h.http.get('/api/health/ready')).toMatchObject({
      status: 200,
      body: { ready: true, server: 'test-console', reasons: [] },
    });
  });

  /**
   * Opens a connection and sends all of a GET but its last line break, so the server sees the request
   * only when `finish()` sends it; answers the raw response.
   */
  async function halfSent(path: string, cookie?: string) {
    const { port } = new URL(h.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}`,
    );
    return {
      async finish() {
        let raw = '';
        socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        socket.write('\r\n');
        await once(socket, 'close');
        return parseResponse(raw);
      },
    };
  }

  it('stops: not ready at once, streams told to retry, requests in flight finished, then closed', async () => {
    // An event stream, and a proxied read the instance answers slowly.
    const stream = await request(`${h.url}/api/events/stream`, { headers: { cookie: support } });
    expect(stream.statusCode).toBe(200);
    let streamed = '';
    const streamEnded = (async () => {
      for await (const chunk of stream.body) streamed += chunk.toString();
    })();
    const slowStarted = performance.now();
    const before = h.upstreamRequests.length;
    const slow = request(`${h.url}/api/v2/tags`, { headers: { cookie: support } });
    await forwarded(h, before, '/tags');

    // Two kept-alive connections, each with a request half sent: they arrive during the stop.
    const probe = await halfSent('/api/health/ready');
    const late = await halfSent('/api/v2/tags', support);

    const stopping = h.server.shutdown();
    // No new connection is taken, from the moment the stop begins (not once the streams are ended and
    // the leases given up: a new connection taken meanwhile was dropped unanswered).
    await expect(request(`${h.url}/api/health/live`)).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    // A request on a kept-alive connection: readiness says why it is off; anything else is refused.
    const ready = await probe.finish();
    expect(ready.status).toBe(503);
    expect(ready.headers.connection).toBe('close');
    expect(JSON.parse(ready.body)).toEqual({
      ready: false,
      server: 'test-console',
      reasons: ['This server is shutting down: it finishes the requests it has and takes no more.'],
    });
    const refused = await late.finish();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused.body)).toEqual({
      error: 'shutting_down',
      message: 'This console server is stopping. Try again: another server will answer.',
    });

    // The stream ends at once, telling the browser to come back (to another server) in a second.
    await streamEnded;
    expect(streamed).toMatch(/retry: 1000\n: this console server is stopping; reconnect\n\n$/);

    // The request in flight is answered in full.
    const answered = await slow;
    expect(answered.statusCode).toBe(200);
    expect(Array.isArray(((await answered.body.json()) as { tags: unknown[] }).tags)).toBe(true);
    expect(performance.now() - slowStarted).toBeGreaterThanOrEqual(SLOW_MS - 50);

    await stopping;
    // Done once the last request is answered, not at the grace's end.
    expect(performance.now() - slowStarted).toBeLessThan(SLOW_MS + 2000);
    // The database is closed.
    await expect(h.server.store.ping()).rejects.toThrow();
  });
});

describe('a request longer than the grace', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ env: { LECTERN_SHUTDOWN_GRACE_S: '1' } });
    await h.sandboxSettings({
      faults: [{ route: '/tags', method: 'GET', delayMs: 5000, rate: 1 }],
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it('is cut when the grace ends, and the stop goes on', async () => {
    const cookie = await h.sessionCookie('support@lectern.test', 'support');
    const before = h.upstreamRequests.length;
    const slow = request(`${h.url}/api/v2/tags`, { headers: { cookie } }).then(
      (response) => response.statusCode,
      (error: Error) => error.constructor.name,
    );
    await forwarded(h, before, '/tags');
    const started = performance.now();
    await h.server.shutdown();
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(3000);
    expect(await slow).toBe('SocketError');
  });
});

describe('readiness while the database is unreachable', () => {
  let h: Harness;
  let proxy: CuttableProxy;

  beforeAll(async () => {
    const database = await proxiedTestDatabase();
    proxy = database.proxy;
    h = await startHarness({
      engine: 'postgres',
      env: { LECTERN_DATABASE_URL: database.url },
    });
  });
  afterAll(async () => {
    await h.close();
    await proxy.cut();
  });

  it('is not ready while PostgreSQL cannot be reached, and is again once it can; live throughout', async () => {
    await proxy.cut();
    await within(async () => (await h.http.get('/api/health/ready')).status === 503, 10_000, '503');
    const refused = await h.http.get('/api/health/ready');
    expect(refused.body).toEqual({
      ready: false,
      server: 'test-console',
      reasons: ["The console's database cannot be reached."],
    });
    expect((await h.http.get('/api/health/live')).status).toBe(200);
    await proxy.listen();
    await within(async () => (await h.http.get('/api/health/ready')).status === 200, 10_000, '200');
  });
});

describe('two servers on PostgreSQL: /metrics says who leads; SIGTERM hands the relay over', () => {
  const METRICS_TOKEN = 'shutdown-metrics-token-0123456789';
  let sandbox: TestSandbox;
  let database: pg.Pool;
  let a: ClusterNode;
  let b: ClusterNode;

  const scrape = async (node: ClusterNode) => {
    const response = await node.http.get('/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    return response.text;
  };
  const ENROLLMENTS = 'lectern_relay_stored_events{kind="courseEnrollment"}';

  beforeAll(async () => {
    sandbox = await startSandbox();
    await createCourses(sandbox, 1);
    await createLearners(sandbox, learnerAccounts(2, 'handover'));
    const databaseUrl = await testDatabaseUrl();
    database = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const common = {
      databaseUrl,
      sandbox,
      forbidden: () => [sandbox.secretKey, postgresPassword()],
      env: {
        LECTERN_RELAY_KINDS: 'courseEnrollment',
        LECTERN_RELAY_POLL_MS: '250',
        LECTERN_METRICS_TOKEN: METRICS_TOKEN,
      },
      // Followers check the lease every 5 s here: a handover within 1 s is the released lease's
      // notification, not a lucky check.
      relay: { leaseCheckMs: 5000 },
    };
    a = await startNode({ ...common, name: 'console-a' });
    await within(async () => (await a.health()).body.relay.role === 'leader', 15_000, 'A leads');
    b = await startNode({ ...common, name: 'console-b' });
    await within(
      async () => (await b.health()).body.relay.role === 'follower',
      15_000,
      'B follows',
    );
  }, 60_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.end();
    await sandbox?.close();
  });

  it('reports the leader and, on both servers, the events the leader stored', async () => {
    const { created } = await simulate(sandbox, 6, ['courseEnrollment']);
    expect(created.courseEnrollment).toBeGreaterThan(0);
    for (const node of [a, b])
      await within(
        async () => sample(await scrape(node), ENROLLMENTS) === created.courseEnrollment,
        10_000,
        `${node.name} to report the stored enrollments`,
      );
    expect(sample(await scrape(a), 'lectern_relay_leader')).toBe(1);
    expect(sample(await scrape(b), 'lectern_relay_leader')).toBe(0);
  });

  it('the other server leads at once after SIGTERM, not at its next lease check; the stopped one exits 0', async () => {
    const exit = new Promise<number | null>((resolve) =>
      a.child.once('exit', (code) => resolve(code)),
    );
    await within(
      () => justLostTheLease(database, 'console-b'),
      7000,
      'B to try for the lease and lose',
    );
    const sent = performance.now();
    a.child.kill('SIGTERM');
    await within(async () => (await b.health()).body.relay.role === 'leader', 7000, 'B leads');
    const handover = performance.now() - sent;
    // Told, not found out: without the announcement B takes over only at its next lease check, 5 s on.
    // Half of that leaves room for a busy machine (1.1 s at load 13, where a quiet one takes well under
    // the 1 s target); the figure itself is the benchmark's (bench/relay-handover.ts).
    expect(handover).toBeLessThan(2500);
    expect(await exit).toBe(0);
    expect((await b.health()).body.relay).toMatchObject({ role: 'leader', leader: 'console-b' });
    expect(sample(await scrape(b), 'lectern_relay_leader')).toBe(1);
  });
});
