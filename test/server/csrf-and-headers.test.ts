// CSRF refusals (custom header, Origin / Sec-Fetch-Site, content type) and the security headers every
// response carries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/console-harness.ts';

const CREATE = '/api/v2/content/course/create';
const BODY = JSON.stringify({ courseAttributes: [{ title: 'CSRF', kind: 'courseGroup' }] });

describe('CSRF defence', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  async function attempt(headers: Record<string, string>, body: string | undefined = BODY) {
    const before = h.upstreamRequests.length;
    const response = await h.http.post(CREATE, {
      cookie: admin,
      csrf: false,
      headers,
      rawBody: body,
    });
    return { response, upstreamCalls: h.forwardedSince(before).length };
  }

  const json = { 'content-type': 'application/json' };

  it('refuses a request without the X-Lectern-Csrf header', async () => {
    const { response, upstreamCalls } = await attempt({ ...json, origin: h.url });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: 'csrf',
      message: 'Refused: state-changing requests must carry the X-Lectern-Csrf: 1 header.',
    });
    expect(upstreamCalls).toBe(0);
  });

  it('refuses a cross-origin Origin', async () => {
    const { response, upstreamCalls } = await attempt({
      ...json,
      'x-lectern-csrf': '1',
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: 'csrf',
      message: 'Refused: the request does not come from this console (Origin check failed).',
    });
    expect(upstreamCalls).toBe(0);
  });

  it('refuses Origin: null and a missing Origin without Sec-Fetch-Site', async () => {
    for (const headers of [{ origin: 'null' }, {}, { 'sec-fetch-site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      const { response } = await attempt({ ...json, 'x-lectern-csrf': '1', ...headers });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('csrf');
    }
  });

  it('accepts Sec-Fetch-Site: same-origin when no Origin is sent', async () => {
    const { response, upstreamCalls } = await attempt({
      ...json,
      'x-lectern-csrf': '1',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.status).toBe(200);
    expect(upstreamCalls).toBe(1);
  });

  for (const contentType of [
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/plain',
    'text/plain; charset=utf-8',
  ])
    it(`refuses a body sent as ${contentType}`, async () => {
      const { response, upstreamCalls } = await attempt({
        'content-type': contentType,
        'x-lectern-csrf': '1',
        origin: h.url,
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: 'csrf',
        message: 'Refused: the request body must be sent with Content-Type: application/json.',
      });
      expect(upstreamCalls).toBe(0);
    });

  it('requires text/xml for the translation upload', async () => {
    const response = await h.http.put(
      '/api/v2/content/courses/0b6ad2a6-6a2c-4a39-9e3a-36f6b8cf8bbd.xlf',
      {
        cookie: admin,
        body: { not: 'xml' },
      },
    );
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(
      'Refused: the request body must be sent with Content-Type: text/xml.',
    );
  });

  it('protects the console routes too: sign-in, sign-out and roles', async () => {
    for (const [method, path] of [
      ['POST', '/api/session'],
      ['DELETE', '/api/session'],
      ['PUT', '/api/roles/x@y.test'],
      ['DELETE', '/api/roles/x@y.test'],
    ] as const) {
      const response = await h.http.send(method, path, {
        cookie: admin,
        csrf: false,
        headers: { origin: h.url },
      });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('csrf');
    }
    // The session survived the refused sign-out.
    expect((await h.http.get('/api/session', { cookie: admin })).status).toBe(200);
  });

  it('accepts the extra origins configured for a dev server', async () => {
    const dev = await startHarness({ env: { LECTERN_EXTRA_ORIGINS: 'http://localhost:5173' } });
    try {
      const cookie = await dev.sessionCookie('admin@lectern.test', 'admin');
      const response = await dev.http.post(CREATE, {
        cookie,
        rawBody: BODY,
        csrf: false,
        headers: { ...json, 'x-lectern-csrf': '1', origin: 'http://localhost:5173' },
      });
      expect(response.status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});

describe('security headers', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(() => h.close());

  function expectSecurityHeaders(headers: Record<string, unknown>) {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  }

  it('sets them on API answers, errors, refusals and proxied responses', async () => {
    const answers = [
      await h.http.get('/api/session', { cookie: admin }),
      await h.http.get('/api/session'),
      await h.http.get('/api/nothing-here', { cookie: admin }),
      await h.http.get('/api/v2/courseGroups', { cookie: admin }),
      await h.http.get('/api/v2/not-allowlisted', { cookie: admin }),
      await h.http.post('/api/session', { csrf: false }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 200, 404, 403]);
    for (const answer of answers) {
      expectSecurityHeaders(answer.headers);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('sets them on the SPA fallback and does not send HSTS over plain http', async () => {
    const page = await h.http.get('/course-groups/123');
    expect([200, 503]).toContain(page.status);
    expectSecurityHeaders(page.headers);
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const missingAsset = await h.http.get('/assets/missing-abc123.js');
    expect(missingAsset.status).toBe(404);
  });
});
