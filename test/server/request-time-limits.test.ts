// Issue 20, finding 3: 500 anonymous `POST /api/session` bodies dripping a byte every 5 s were all still
// open after 22 s: Fastify's requestTimeout was unset. Now a body must arrive within
// LECTERN_BODY_TIMEOUT_S plus 1 s per LECTERN_BODY_MIN_RATE_KB received (408 and the connection closed),
// the headers within LECTERN_HEADERS_TIMEOUT_S, and the whole request within LECTERN_REQUEST_TIMEOUT_S,
// even a body nobody reads. Small limits here (1 s, 1 s, 3 s) behave as the defaults (10 s, 10 s, 300 s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConsoleConfig } from '../../src/server/config.ts';
import { MESSAGES } from '../../src/server/errors.ts';
import { RawConnection } from '../helpers/raw-http.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { browserHeaders, slowUpload } from './helpers/slow-upload.ts';

const GROUP = '3f0f1f5e-2a57-4f0e-9a43-2f2d3a1d9c11';
const UPLOAD = `/api/v2/content/courseGroups/${GROUP}.xlf`;
const TOO_SLOW = {
  error: 'request_timeout',
  message: MESSAGES.bodyTooSlow(1000, 64 * 1024),
};

describe('request time limits (finding 3)', () => {
  let h: Harness;
  let manager: string;
  let support: string;
  beforeAll(async () => {
    h = await startHarness({
      env: {
        LECTERN_BODY_TIMEOUT_S: '1',
        LECTERN_HEADERS_TIMEOUT_S: '1',
        LECTERN_REQUEST_TIMEOUT_S: '3',
      },
    });
    manager = await h.sessionCookie('manager@lectern.test', 'contentManager');
    support = await h.sessionCookie('support@lectern.test', 'support');
  });
  afterAll(() => h.close());

  it('100 anonymous sign-in bodies dripping a byte at a time are answered 408 and closed', async () => {
    const started = Date.now();
    const drips = await Promise.all(
      Array.from({ length: 100 }, () =>
        slowUpload(
          h.url,
          {
            method: 'POST',
            path: '/api/session',
            headers: { 'X-Lectern-Csrf': '1', Origin: h.url, 'Content-Type': 'application/json' },
            declared: 200,
          },
          { first: '{"email":"', dripMs: 300, answerWithinMs: 5000 },
        ),
      ),
    );
    const answers = await Promise.all(drips.map((drip) => drip.response));
    await Promise.all(drips.map((drip) => drip.connection.closed));
    expect(Date.now() - started).toBeLessThan(3000);
    for (const answer of answers) {
      expect(answer?.status).toBe(408);
      expect(answer?.headers.connection).toBe('close');
      expect(JSON.parse(answer!.body)).toEqual(TOO_SLOW);
    }
  });

  it('a dripping translation upload is a 408 too, and its audit row says so', async () => {
    const drip = await slowUpload(
      h.url,
      {
        method: 'PUT',
        path: UPLOAD,
        headers: browserHeaders(manager, h.url, 'text/xml'),
        declared: 100_000,
      },
      { first: '<?xml version="1.0"?>', dripMs: 300, answerWithinMs: 5000 },
    );
    const answer = await drip.response;
    expect(answer?.status).toBe(408);
    expect(JSON.parse(answer!.body)).toEqual(TOO_SLOW);
    await drip.connection.closed;
    const rows = await h.server.store.db
      .selectFrom('audit_log')
      .select(['outcome', 'status', 'upstream_status as upstreamStatus'])
      .where('operation', '=', 'uploadTranslation')
      .execute();
    expect(rows).toEqual([{ outcome: 'completed', status: 408, upstreamStatus: null }]);
    expect(h.upstreamRequests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('a body that keeps coming at a usable rate may take longer than the body time limit', async () => {
    const connection = await RawConnection.open(h.url);
    try {
      const chunk = 'x'.repeat(32 * 1024);
      const body = `<?xml version="1.0"?><!--${chunk.repeat(8)}-->`;
      const head = Object.entries(browserHeaders(manager, h.url, 'text/xml'))
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      await connection.write(
        `PUT ${UPLOAD} HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      // About 128 KiB a second, for 2 s: twice the body time limit, at twice the minimum rate.
      const started = Date.now();
      for (let offset = 0; offset < body.length; offset += 16 * 1024) {
        await connection.write(body.slice(offset, offset + 16 * 1024));
        await new Promise((resolve) => setTimeout(resolve, 125));
      }
      const answer = await connection.read(5000);
      expect(Date.now() - started).toBeGreaterThan(1500);
      expect(answer?.headers['x-lectern-source']).toBe('upstream');
    } finally {
      connection.destroy();
    }
  });

  it('headers that do not arrive in time are answered 408 and closed', async () => {
    const connection = await RawConnection.open(h.url);
    const started = Date.now();
    await connection.write('POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const timer = setInterval(() => void connection.write('X-A: b\r\n'), 300);
    try {
      const answer = await connection.read(5000);
      expect(answer?.status).toBe(408);
      expect(JSON.parse(answer!.body)).toEqual({
        error: 'bad_request',
        message: 'The request was not received in time.',
      });
      await connection.closed;
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      clearInterval(timer);
      connection.destroy();
    }
  });

  it("a refused request's unread body is dropped: its connection ends with the client's", async () => {
    const connections = () =>
      new Promise<number>((resolve) =>
        h.server.app.server.getConnections((_error, count) => resolve(count)),
      );
    const connection = await RawConnection.open(h.url);
    const body = 'x'.repeat(512 * 1024);
    const head = Object.entries(browserHeaders(support, h.url, 'text/xml'))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    await connection.write(
      `PUT ${UPLOAD} HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}Content-Length: ${body.length}\r\n\r\n`,
    );
    void connection.write(body);
    expect((await connection.read(2000))?.status).toBe(403);
    connection.destroy();
    const started = Date.now();
    while ((await connections()) > 0 && Date.now() - started < 2000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    // Not held until the request time limit (3 s here): gone as soon as the client is.
    expect(await connections()).toBe(0);
  });

  it('a body nobody reads (the request was refused) is cut off by the request time limit', async () => {
    const drip = await slowUpload(
      h.url,
      {
        method: 'PUT',
        path: UPLOAD,
        headers: browserHeaders(support, h.url, 'text/xml'),
        declared: 100_000,
      },
      { first: '<?xml version="1.0"?>', dripMs: 300, answerWithinMs: 5000 },
    );
    const started = Date.now();
    expect((await drip.response)?.status).toBe(403);
    await drip.connection.closed;
    // 3 s from the request's start, noticed by Node's check once a second.
    expect(Date.now() - started).toBeLessThan(3000 + 1000 + 500);
  });
});

describe('request limits: configuration', () => {
  it('has defaults, and refuses limits that contradict each other', () => {
    const config = readConsoleConfig({});
    expect(config.requests).toEqual({
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 10_000,
      bodyMinBytesPerSecond: 64 * 1024,
      requestTimeoutMs: 300_000,
      keepAliveTimeoutMs: 72_000,
      bodiesPerUser: 4,
      bodiesTotal: 32,
    });
    expect(config.upstreamConnections).toBe(256);
    expect(() =>
      readConsoleConfig({ LECTERN_BODIES_PER_USER: '40', LECTERN_BODIES_TOTAL: '32' }),
    ).toThrow(
      'Invalid console configuration:\n  LECTERN_BODIES_PER_USER: must not exceed LECTERN_BODIES_TOTAL (32)',
    );
    expect(() =>
      readConsoleConfig({ LECTERN_HEADERS_TIMEOUT_S: '20', LECTERN_REQUEST_TIMEOUT_S: '10' }),
    ).toThrow(
      'Invalid console configuration:\n  LECTERN_HEADERS_TIMEOUT_S: must not exceed LECTERN_REQUEST_TIMEOUT_S (10)',
    );
    expect(() => readConsoleConfig({ LECTERN_BODY_TIMEOUT_S: '0' })).toThrow(
      'LECTERN_BODY_TIMEOUT_S: must be at least 1',
    );
  });
});
