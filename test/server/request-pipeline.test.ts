// The console's request pipeline over a raw socket: the checks (security headers, no-store, audit, session,
// CSRF) are decided on the route the router matched, so a percent-encoded `/api` prefix or an absolute-form
// request line cannot skip them; Fastify's own 400 for a malformed URL carries the security headers; and a
// 413 on a buffered route never leaves the connection stalled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/server/errors.ts';
import { RawConnection, type RawResponse } from '../helpers/raw-http.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

const CSP = "default-src 'self';script-src 'self';style-src 'self'";

function expectSecurityHeaders(response: RawResponse) {
  expect(response.headers['content-security-policy']).toContain(CSP);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

describe('request pipeline (raw socket)', () => {
  let h: Harness;
  let admin: string;
  const connections: RawConnection[] = [];

  beforeAll(async () => {
    h = await startHarness({ env: { LECTERN_MAX_BODY_MB: '1' } });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(async () => {
    for (const connection of connections) connection.destroy();
    await h.close();
  });

  async function exchange(
    requestLine: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<RawResponse> {
    const connection = await RawConnection.open(h.url);
    connections.push(connection);
    await connection.send(requestLine, headers, body);
    const response = await connection.read(5000);
    if (!response) throw new Error(`connection closed without a response to ${requestLine}`);
    return response;
  }

  const auditRows = () =>
    h.server.store.db
      .selectFrom('audit_log')
      .select(['status', 'refusal'])
      .orderBy('seq')
      .execute();

  describe('a percent-encoded /api prefix passes the same checks', () => {
    it('POST /%61pi/session without the CSRF header is refused (403), audited, with the headers', async () => {
      const before = (await auditRows()).length;
      const response = await exchange(
        'POST /%61pi/session HTTP/1.1',
        { 'content-type': 'application/json', origin: h.url },
        JSON.stringify({ email: 'admin@lectern.test', password: 'x' }),
      );
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ error: 'csrf', message: MESSAGES.csrfHeader });
      expect(response.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(response);
      // The row of a refusal is written as its response ends.
      await expect
        .poll(async () => (await auditRows()).slice(before))
        .toEqual([{ status: 403, refusal: MESSAGES.csrfHeader }]);
    });

    it('DELETE /%61pi/session without the CSRF header is refused and the session survives', async () => {
      const cookie = await h.sessionCookie('keeper@lectern.test', 'support');
      const response = await exchange('DELETE /%61pi/session HTTP/1.1', { cookie, origin: h.url });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ error: 'csrf', message: MESSAGES.csrfHeader });
      expect((await h.http.get('/api/session', { cookie })).status).toBe(200);
    });

    it('PUT /%61pi/roles/evil%40x.test without the CSRF header is refused and grants nothing', async () => {
      const response = await exchange(
        'PUT /%61pi/roles/evil%40x.test HTTP/1.1',
        { cookie: admin, origin: h.url, 'content-type': 'application/json' },
        JSON.stringify({ role: 'admin' }),
      );
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ error: 'csrf', message: MESSAGES.csrfHeader });
      expect(await h.server.deps.roles.find('evil@x.test')).toBeUndefined();
    });

    it('GET /%61pi/session resolves the session and is not cached', async () => {
      const response = await exchange('GET /%61pi/session HTTP/1.1', { cookie: admin });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body).role).toBe('admin');
      expect(response.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(response);
    });

    it('GET /%61pi/v2/courseGroups is the proxied route, forwarded canonically', async () => {
      const before = h.upstreamRequests.length;
      const response = await exchange('GET /%61pi/v2/courseGroups?perPage=3 HTTP/1.1', {
        cookie: admin,
      });
      expect(response.status).toBe(200);
      expect(response.headers['x-lectern-source']).toBe('upstream');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(h.upstreamRequests.slice(before).map((r) => r.url)).toEqual([
        '/incoming/v2/courseGroups?perPage=3',
      ]);
    });

    it('an unknown encoded /api path is the JSON 404, not the app shell', async () => {
      const response = await exchange('GET /%61pi/nothing-here HTTP/1.1', { cookie: admin });
      expect(response.status).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ error: 'not_found', message: MESSAGES.notFound });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('an absolute-form request line passes the same checks', () => {
    it('GET http://evil.test/api/v2/courseGroups resolves the session and forwards the canonical path', async () => {
      const before = h.upstreamRequests.length;
      const response = await exchange('GET http://evil.test/api/v2/courseGroups HTTP/1.1', {
        cookie: admin,
      });
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(h.upstreamRequests.slice(before).map((r) => r.url)).toEqual([
        '/incoming/v2/courseGroups',
      ]);
    });

    it('POST http://evil.test/api/session without the CSRF header is refused', async () => {
      const response = await exchange(
        'POST http://evil.test/api/session HTTP/1.1',
        { 'content-type': 'application/json', origin: h.url },
        JSON.stringify({ email: 'a@b.test', password: 'x' }),
      );
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ error: 'csrf', message: MESSAGES.csrfHeader });
    });

    it('GET http://evil.test/api/session is not cached', async () => {
      const response = await exchange('GET http://evil.test/api/session HTTP/1.1', {
        cookie: admin,
      });
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe("the server's own 400s", () => {
    it('a malformed percent-encoding is a JSON 400 with the security headers', async () => {
      const response = await exchange('GET /api/v2/jobs/%zz HTTP/1.1', { cookie: admin });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toEqual({
        error: 'bad_request',
        message: "'/api/v2/jobs/%zz' is not a valid url component",
      });
      expect(response.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(response);
    });

    it('a malformed request is a 400 with the security headers', async () => {
      const connection = await RawConnection.open(h.url);
      connections.push(connection);
      await connection.write('GET /api/session HTTP/1.1\r\nHost: x\r\nNot a header line\r\n\r\n');
      const response = await connection.read(5000);
      expect(response?.status).toBe(400);
      expectSecurityHeaders(response!);
    });
  });

  describe('413 on a buffered route', () => {
    for (const [name, line] of [
      ['create', 'POST /api/v2/content/course/create HTTP/1.1'],
      ['update', 'PUT /api/v2/content/course/update HTTP/1.1'],
      [
        'releaseContent',
        'PUT /api/v2/content/00000000-0000-4000-8000-000000000000/releaseContent HTTP/1.1',
      ],
    ] as const)
      it(`${name}: a second request on the same connection is answered, or the connection is closed at once`, async () => {
        const limit = h.config.maxBodyBytes;
        const connection = await RawConnection.open(h.url);
        connections.push(connection);
        const body = JSON.stringify({
          courseAttributes: [{ title: 'x'.repeat(3 * limit), kind: 'courseGroup' }],
        });
        await connection.send(
          line,
          {
            cookie: admin,
            'x-lectern-csrf': '1',
            origin: h.url,
            'content-type': 'application/json',
          },
          body,
        );
        const first = await connection.read(5000);
        expect(first?.status).toBe(413);
        expect(JSON.parse(first!.body)).toEqual({
          error: 'payload_too_large',
          message: `Request body exceeds the console's limit of ${limit} bytes.`,
        });
        await connection.send('GET /api/session HTTP/1.1', { cookie: admin });
        const started = Date.now();
        const second = await connection.read(1000).catch((error: Error) => error);
        if (second instanceof Error) throw new Error(`connection stalled: ${second.message}`);
        if (second === undefined) {
          // Closed instead of answered: the 413 said so.
          expect(first!.headers.connection).toBe('close');
        } else {
          expect(second.status).toBe(200);
        }
        expect(Date.now() - started).toBeLessThan(1000);
      });
  });
});
