// What an attack pass found in the console server (issue 16): credentials in logged URLs (the console's
// own lines and the embedded sandbox's), the forwarded query string rebuilt from parsed parameters,
// `secretKey` stripped from JSON bodies, the content manager's create status as an allow-list, bodies
// nested past the contract's depth limit, hostile values in an admin's body, the upstream's 413 passed on,
// and event streams that end within a second of a sign-out or a revoked role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, WRITE_MESSAGES } from '#contract/index.ts';
import { startEmbeddedSandbox } from '../../src/server/embedded-sandbox.ts';
import { createLogger } from '../../src/server/logger.ts';
import { REFUSALS } from '../../src/server/proxy/role-policy.ts';
import { RawConnection } from '../helpers/raw-http.ts';
import { buildConsoleServer, type ConsoleServer } from '../../src/server/app.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { ScanningClient } from './helpers/scanning-client.ts';
import { SseReader } from './helpers/sse-client.ts';

const CREATE = '/api/v2/content/course/create';
const UPDATE = '/api/v2/content/course/update';
const nestedText = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openStreamOn(http: ScanningClient, cookie: string): Promise<SseReader> {
  const sse = new SseReader(http);
  await sse.open('/api/events/stream', { cookie });
  expect(sse.status).toBe(200);
  await sse.waitFor(() => sse.statuses().length >= 1, 3000, 'the first status');
  return sse;
}

async function endsWithin(sse: SseReader, ms: number, started: number): Promise<number> {
  await Promise.race([
    sse.ended,
    sleep(3000).then(() => Promise.reject(new Error('the stream stayed open'))),
  ]);
  const took = Date.now() - started;
  expect(took).toBeLessThan(ms);
  return took;
}

describe('console hardening', () => {
  let h: Harness;
  let admin: string;
  let manager: string;
  beforeAll(async () => {
    h = await startHarness({ env: { LECTERN_LOG: 'debug' } });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
    manager = await h.sessionCookie('manager@lectern.test', 'contentManager');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  describe('logs', () => {
    it("the console's scrubber redacts apiKey, secretKey and jwt in any URL of a line", () => {
      const lines: string[] = [];
      const log = createLogger('info', () => [], { write: (line) => void lines.push(line) });
      log.info({ url: '/graphql?apiKey=ak_live_123&x=1' }, 'a');
      log.info({ path: '/incoming/v2/tags?perPage=1&secretKey=sk_live_456;jwt=eyJ.x.y' }, 'b');
      log.warn({ err: new Error('GET https://i.test/tags?SECRET_KEY=sk_live_789 failed') }, 'c');
      log.info({ url: '/x?secret%4Bey=sk_live_000' }, 'd');
      const text = lines.join('');
      expect(text).toContain('/graphql?apiKey=[REDACTED]&x=1');
      expect(text).toContain('perPage=1&secretKey=[REDACTED];jwt=[REDACTED]');
      expect(text).toContain('?SECRET_KEY=[REDACTED] failed');
      for (const secret of ['ak_live_123', 'sk_live_456', 'eyJ.x.y', 'sk_live_789', 'sk_live_000'])
        expect(text).not.toContain(secret);
    });

    it("the embedded sandbox logs through the console's logger, URLs redacted", async () => {
      const lines: string[] = [];
      const log = createLogger('debug', () => [], { write: (line) => void lines.push(line) });
      const embedded = await startEmbeddedSandbox({ port: 0, dbFile: ':memory:', log });
      try {
        const key = embedded.upstream.apiKey;
        await fetch(`${embedded.url}/graphql?apiKey=${encodeURIComponent(key)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ CurrentUser { id } }' }),
        });
        await fetch(`${embedded.url}/incoming/v2/tags?secretKey=sk_guessed_1234567890`);
        const sandboxLines = lines.filter((line) => line.includes('"component":"sandbox"'));
        const text = sandboxLines.join('');
        expect(text).toContain('/graphql?apiKey=[REDACTED]');
        expect(text).toContain('/incoming/v2/tags?secretKey=[REDACTED]');
        expect(lines.join('')).not.toContain(key);
        expect(lines.join('')).not.toContain('sk_guessed_1234567890');
      } finally {
        await embedded.close();
      }
    });
  });

  describe('what reaches the upstream', () => {
    it('rebuilds the query string from the parsed parameters', async () => {
      const before = h.upstreamRequests.length;
      const connection = await RawConnection.open(h.url);
      try {
        await connection.send(
          'GET /api/v2/courseGroups?a=1;secretKey=evil&secretKey%00=x&secret_key=y&perPage=2#jwt=z HTTP/1.1',
          { cookie: admin },
        );
        const response = await connection.read(5000);
        expect(response?.headers['x-lectern-source']).toBe('upstream');
      } finally {
        connection.destroy();
      }
      expect(h.upstreamRequests.slice(before).map((r) => r.url)).toEqual([
        '/incoming/v2/courseGroups?a=1%3BsecretKey%3Devil&perPage=2',
      ]);
    });

    it('strips secretKey (and jwt, apiKey) from a JSON body', async () => {
      const response = await h.http.post(CREATE, {
        cookie: admin,
        body: {
          secretKey: 'sk_other_company_0123456789',
          jwt: 'x.y.z',
          courseAttributes: [{ title: 'Keyless', kind: 'courseGroup' }],
        },
      });
      expect(response.status).toBe(200);
      const seen = h.sandbox.received.findLast(
        (r) => r.url === '/incoming/v2/content/course/create',
      );
      expect(seen?.body).toEqual({ courseAttributes: [{ title: 'Keyless', kind: 'courseGroup' }] });
    });

    it("passes an admin's hostile values on to the upstream, which answers 400", async () => {
      const created = await h.sandbox.api('POST', '/content/course/create', {
        courseAttributes: [{ title: 'Hostile', kind: 'courseGroup' }],
      });
      const courseId = created.body.courseIds[0] as string;
      const response = await h.http.put(`/api/v2/content/${courseId}/releaseContent`, {
        cookie: admin,
        body: { action: { toString: null }, kind: { toString: null } },
      });
      expect(response.status).toBe(400);
      expect(response.headers['x-lectern-source']).toBe('upstream');
    });
  });

  describe("a content manager's create status is an allow-list", () => {
    for (const status of ['pending', 'loginRestriction', 'authoring', 'deleted', 'Draft'])
      it(`refuses status '${status}' without an upstream call`, async () => {
        const before = h.upstreamRequests.length;
        const response = await h.http.post(CREATE, {
          cookie: manager,
          body: { courseAttributes: [{ title: 'Sneaky', kind: 'courseGroup', status }] },
        });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          error: 'forbidden',
          message: REFUSALS.createStatus(0, status),
        });
        expect(h.forwardedSince(before)).toEqual([]);
      });

    it('refuses a status that is not a string, naming it safely', async () => {
      const response = await h.http.post(CREATE, {
        cookie: manager,
        body: {
          courseAttributes: [{ title: 'Odd', kind: 'courseGroup', status: { toString: null } }],
        },
      });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(REFUSALS.createStatus(0, '[object Object]'));
    });

    it('still lets a draft (or no status) through', async () => {
      for (const extra of [{ status: 'draft' }, {}]) {
        const response = await h.http.post(CREATE, {
          cookie: manager,
          body: { courseAttributes: [{ title: 'Draft', kind: 'courseGroup', ...extra }] },
        });
        expect(response.status).toBe(200);
      }
    });
  });

  describe(`bodies nested deeper than ${LIMITS.jsonDepth} levels`, () => {
    it("a content manager's update with customFields nested 5,000 deep is a 400 naming the limit", async () => {
      const before = h.upstreamRequests.length;
      const response = await h.http.put(UPDATE, {
        cookie: manager,
        headers: { 'content-type': 'application/json' },
        rawBody: `{"courseAttributes":{"courses":[{"id":"00000000-0000-4000-8000-000000000000","customFields":${nestedText(5000)}}]}}`,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'bad_request',
        message: WRITE_MESSAGES.jsonTooDeep('courseAttributes.courses[0].customFields.a…'),
      });
      expect(h.forwardedSince(before)).toEqual([]);
    });

    it('a body of 200,000 nested brackets is a 400, for every role that may write', async () => {
      for (const cookie of [manager, admin]) {
        const response = await h.http.post(CREATE, {
          cookie,
          headers: { 'content-type': 'application/json' },
          rawBody: '['.repeat(100_000) + ']'.repeat(100_000),
        });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          error: 'bad_request',
          message: WRITE_MESSAGES.jsonTooDeep('[0][0][0][0][0]…'),
        });
      }
    });

    it("the console's own routes refuse a deep body the same way", async () => {
      const response = await h.http.post('/api/session', {
        headers: { 'content-type': 'application/json' },
        rawBody: `{"email":"a@b.test","password":"x","extra":${nestedText(5000)}}`,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'bad_request',
        message: WRITE_MESSAGES.jsonTooDeep('extra.a.a.a.a…'),
      });
    });
  });

  it("an object with an unreadable length in a console route's body is a 400 at its path", async () => {
    const response = await h.http.post('/api/session', {
      body: { email: { length: { toString: null } }, password: 'x' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'bad_request',
      message: `email: ${WRITE_MESSAGES.unreadableValue}`,
    });
  });

  describe('event streams', () => {
    const openStream = (cookie: string) => openStreamOn(h.http, cookie);

    it('end within 1 s of a sign-out', async () => {
      const cookie = await h.sessionCookie('watcher1@lectern.test', 'support');
      const sse = await openStream(cookie);
      const started = Date.now();
      expect((await h.http.delete('/api/session', { cookie })).status).toBe(204);
      await endsWithin(sse, 1000, started);
    });

    it('end within 1 s of the role being revoked on the roles page', async () => {
      const cookie = await h.sessionCookie('watcher2@lectern.test', 'support');
      const sse = await openStream(cookie);
      const started = Date.now();
      const revoked = await h.http.delete('/api/roles/watcher2%40lectern.test', { cookie: admin });
      expect(revoked.status).toBe(204);
      await endsWithin(sse, 1000, started);
    });

    it('end within 1 s when another server (or the CLI) revokes the role in the shared store', async () => {
      const cookie = await h.sessionCookie('watcher3@lectern.test', 'support');
      const sse = await openStream(cookie);
      const started = Date.now();
      // Behind this server's back (as the CLI on the SQLite file does): no notification, only the
      // periodic re-check can see it. Across PostgreSQL servers: test/server/cluster.test.ts.
      await h.server.store.db
        .deleteFrom('roles')
        .where('email', '=', 'watcher3@lectern.test')
        .execute();
      await endsWithin(sse, 1000, started);
    });

    it('keeps streams of other sessions open', async () => {
      const keeper = await h.sessionCookie('watcher4@lectern.test', 'support');
      const leaver = await h.sessionCookie('watcher5@lectern.test', 'support');
      const kept = await openStream(keeper);
      const ended = await openStream(leaver);
      const started = Date.now();
      await h.http.delete('/api/session', { cookie: leaver });
      await endsWithin(ended, 1000, started);
      const stillOpen = await Promise.race([
        kept.ended.then(() => false),
        sleep(1200).then(() => true),
      ]);
      expect(stillOpen).toBe(true);
      await kept.close();
    });
  });
});

describe("console hardening: the upstream's 413", () => {
  let h: Harness;
  let admin: string;
  const upstreamLimit = 256 * 1024;
  beforeAll(async () => {
    // A console whose limit (the default) is above its upstream's.
    h = await startHarness({ sandbox: { maxBodyBytes: upstreamLimit } });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(() => h.close());

  it("passes the upstream's 413 on, every time (never a 502)", async () => {
    const body = {
      courseAttributes: [{ title: 'x'.repeat(4 * upstreamLimit), kind: 'courseGroup' }],
    };
    const statuses: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await h.http.post(CREATE, { cookie: admin, body });
      statuses.push(`${response.status} ${String(response.headers['x-lectern-source'])}`);
      if (response.status === 413)
        expect(response.body).toEqual({ errors: [WRITE_MESSAGES.bodyTooLarge(upstreamLimit)] });
    }
    expect(statuses).toEqual(Array(20).fill('413 upstream'));
  });

  it("the console's default limit is the sandbox's", () => {
    expect(h.config.maxBodyBytes).toBe(LIMITS.requestBodyBytes);
  });
});

describe('console hardening: event streams across servers (PostgreSQL)', () => {
  // Server A (the harness) and server B share one database; streams are open on B, changes made on A.
  // B's heartbeat is the default 15 s, so only the stream guard's notified re-check can end them in time.
  let h: Harness;
  let b: ConsoleServer;
  let bHttp: ScanningClient;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness({ engine: 'postgres' });
    const upstream = {
      baseUrl: h.sandbox.baseUrl,
      apiKey: h.sandbox.secretKey,
      graphqlPath: '/graphql',
    };
    b = await buildConsoleServer({ ...h.config, serverName: 'test-console-b' }, upstream, {
      logDestination: { write: () => undefined },
      startRelay: false,
    });
    const url = await b.listen();
    bHttp = new ScanningClient(url, url, () => [h.sandbox.secretKey]);
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(async () => {
    expect(bHttp.leaks).toEqual([]);
    await bHttp.close();
    await b.close();
    await h.close();
  });

  it("a sign-out on A ends the session's stream on B within 1 s", async () => {
    const cookie = await h.sessionCookie('far1@lectern.test', 'support');
    const sse = await openStreamOn(bHttp, cookie);
    const started = Date.now();
    expect((await h.http.delete('/api/session', { cookie })).status).toBe(204);
    await endsWithin(sse, 1000, started);
  });

  it("a role revoked on A ends the user's streams on B within 1 s, and only theirs", async () => {
    const cookie = await h.sessionCookie('far2@lectern.test', 'support');
    const other = await h.sessionCookie('far3@lectern.test', 'support');
    const [first, second] = [await openStreamOn(bHttp, cookie), await openStreamOn(bHttp, cookie)];
    const kept = await openStreamOn(bHttp, other);
    const started = Date.now();
    const revoked = await h.http.delete('/api/roles/far2%40lectern.test', { cookie: admin });
    expect(revoked.status).toBe(204);
    await endsWithin(first, 1000, started);
    await endsWithin(second, 1000, started);
    const stillOpen = await Promise.race([
      kept.ended.then(() => false),
      sleep(1200).then(() => true),
    ]);
    expect(stillOpen).toBe(true);
    await kept.close();
  });
});
