// The key-safe proxy: allowlist refusals without upstream calls, stripped credentials and headers,
// content manager body rules, and unchanged pass-through of both 400 shapes, 401 and 429.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS } from '../../src/server/proxy/role-policy.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

describe('proxy', () => {
  let h: Harness;
  let admin: string;
  let manager: string;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
    manager = await h.sessionCookie('manager@lectern.test', 'contentManager');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    expect(h.logLeaks).toEqual([]);
    expect(h.http.responses).toBeGreaterThan(20);
    await h.close();
  });

  it('scans every response: the scanner itself catches a key in a body or a header', () => {
    expect(() => h.http.scan('self-test', `{"x":"${h.sandbox.secretKey}"}`)).toThrow(
      'SECRET LEAKED',
    );
    expect(() =>
      h.http.scanHeaders('self-test', { 'x-a': `Bearer ${h.sandbox.secretKey}` }),
    ).toThrow('SECRET LEAKED');
    h.http.leaks.length = 0;
  });

  describe('allowlist', () => {
    const refused: [string, string][] = [
      ['GET', '/api/v2/courseGroups/not-a-uuid'],
      ['GET', '/api/v2/courseGroups/%2e%2e/sandbox'],
      ['GET', `/api/v2/courseGroups/${randomUUID()}%2Fcourses`],
      ['GET', '/api/v2/courseGroups/..%2F..%2Fsandbox/settings'],
      ['GET', '/api/v2/../sandbox/settings'],
      ['GET', '/api/v2//courseGroups'],
      ['GET', '/api/v2/openapi.json'],
      ['GET', '/api/v2/sandbox/settings'],
      ['PUT', '/api/v2/sandbox/settings'],
      ['DELETE', `/api/v2/courseGroups/${randomUUID()}`],
      ['DELETE', '/api/v2/users/123'],
      ['POST', '/api/v2/courseGroups'],
      ['GET', '/api/v2/events/notAKind'],
      ['GET', '/api/v2/fullContent/courseGroups/' + randomUUID()],
      ['GET', '/api/v2/content/course/create'],
      ['PATCH', '/api/v2/content/course/update'],
      ['GET', '/api/v2/jobs/%00'],
      ['GET', '/api/v2/courseGroups/slug/a%5Cb'],
    ];
    for (const [method, path] of refused)
      it(`${method} ${path} is a 404 from the console, with no upstream call`, async () => {
        const before = h.upstreamRequests.length;
        const response = await h.http.send(method, path, {
          cookie: admin,
          ...(method === 'GET' ? {} : { body: {} }),
        });
        expect(response.status).toBe(404);
        expect(response.body.error).toBe('not_found');
        expect(response.headers['x-lectern-source']).toBeUndefined();
        expect(h.upstreamRequests.length).toBe(before);
      });

    it('forwards a slug with unusual characters re-encoded canonically', async () => {
      const before = h.upstreamRequests.length;
      const response = await h.http.get('/api/v2/courseGroups/slug/caf%C3%A9%20au%20lait', {
        cookie: admin,
      });
      expect(response.headers['x-lectern-source']).toBe('upstream');
      expect(h.upstreamRequests[before]!.url).toBe(
        '/incoming/v2/courseGroups/slug/caf%C3%A9%20au%20lait',
      );
    });
  });

  describe('what reaches the upstream', () => {
    it('replaces client credentials with the bearer key and drops secretKey/jwt parameters', async () => {
      const before = h.upstreamRequests.length;
      const response = await h.http.get(
        '/api/v2/courseGroups?secretKey=stolen&perPage=5&jwt=x.y.z&SecretKey%5B%5D=a&kind=courseGroup',
        {
          cookie: admin,
          headers: {
            authorization: 'Bearer client-supplied',
            'x-forwarded-for': '10.0.0.1',
            'x-forwarded-host': 'evil.example',
            forwarded: 'for=10.0.0.1',
            'x-custom': 'nope',
          },
        },
      );
      expect(response.status).toBe(200);
      const seen = h.upstreamRequests[before]!;
      expect(seen.url).toBe('/incoming/v2/courseGroups?perPage=5&kind=courseGroup');
      expect(seen.headers.authorization).toBe(`Bearer ${h.sandbox.secretKey}`);
      expect(seen.headers.cookie).toBeUndefined();
      expect(seen.headers['x-forwarded-for']).toBeUndefined();
      expect(seen.headers['x-forwarded-host']).toBeUndefined();
      expect(seen.headers.forwarded).toBeUndefined();
      expect(seen.headers['x-custom']).toBeUndefined();
      expect(seen.headers.host).toBe(new URL(h.sandbox.baseUrl).host);
      expect(response.body.pageInfo.perPage).toBe(0);
    });

    it('streams the upstream body, status and content type back unchanged', async () => {
      await h.sandbox.api('POST', '/content/course/create', {
        courseAttributes: [{ title: 'Direct', kind: 'courseGroup' }],
      });
      const direct = await h.sandbox.api('GET', '/courseGroups?perPage=10');
      const proxied = await h.http.get('/api/v2/courseGroups?perPage=10', { cookie: admin });
      expect(proxied.status).toBe(direct.status);
      expect(proxied.text).toBe(direct.text);
      expect(proxied.headers['content-type']).toBe(direct.headers.get('content-type'));
      expect(proxied.headers['cache-control']).toBe('no-store');
    });
  });

  describe('pass-through of upstream errors', () => {
    it('passes the plain-text 400 through unchanged', async () => {
      const response = await h.http.post('/api/v2/content/course/create', {
        cookie: admin,
        body: { courseAttributes: [] },
      });
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.text).toBe('No items provided');
      expect(response.headers['x-lectern-source']).toBe('upstream');
    });

    it('passes the JSON 400 through unchanged', async () => {
      const response = await h.http.post('/api/v2/content/course/create', {
        cookie: manager,
        body: { courseAttributes: [{ title: '', kind: 'courseGroup' }] },
      });
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toEqual({ errors: ['course must have a non-empty title'] });
    });

    it('passes 429 with Retry-After through unchanged', async () => {
      await h.sandboxSettings({ usersRateLimit: { perMinute: 1, burst: 1 } });
      const first = await h.http.get('/api/v2/users', { cookie: admin });
      expect(first.status).toBe(200);
      const direct = await h.sandbox.api('GET', '/users');
      expect(direct.status).toBe(429);
      const second = await h.http.get('/api/v2/users', { cookie: admin });
      expect(second.status).toBe(429);
      expect(second.headers['retry-after']).toMatch(/^\d+$/);
      expect(second.text).toBe(direct.text);
      expect(second.headers['content-type']).toBe(direct.headers.get('content-type'));
    });
  });

  describe('content manager body rules', () => {
    const cases: [string, string, unknown, string][] = [
      [
        'create with status published',
        'POST /api/v2/content/course/create',
        {
          courseAttributes: [
            { title: 'A', kind: 'courseGroup' },
            { title: 'B', kind: 'courseGroup', status: 'published' },
          ],
        },
        REFUSALS.createPublished(1),
      ],
      [
        'create with futurePublishDate',
        'POST /api/v2/content/course/create',
        {
          courseAttributes: [
            { title: 'A', kind: 'courseGroup', futurePublishDate: '2031-01-01T00:00:00Z' },
          ],
        },
        REFUSALS.createScheduled(0),
      ],
      [
        'update archiving a group',
        'PUT /api/v2/content/course/update',
        { courseAttributes: { courseGroups: [{ id: randomUUID(), archived: true }] } },
        REFUSALS.updateArchived(0),
      ],
      [
        'update restoring a group',
        'PUT /api/v2/content/course/update',
        {
          courseAttributes: {
            courseGroups: [
              { id: randomUUID(), title: 'x' },
              { id: randomUUID(), archived: false },
            ],
          },
        },
        REFUSALS.updateArchived(1),
      ],
      [
        'update setting a course status',
        'PUT /api/v2/content/course/update',
        { courseAttributes: { courses: [{ id: randomUUID(), status: 'draft' }] } },
        REFUSALS.updateStatus(0),
      ],
      [
        'releaseContent',
        `PUT /api/v2/content/${randomUUID()}/releaseContent`,
        { kind: 'course', action: 'unrelease' },
        REFUSALS.releaseContent,
      ],
    ];
    for (const [name, route, body, reason] of cases)
      it(`refuses ${name} with 403 and the reason, without an upstream call`, async () => {
        const [method, path] = route.split(' ') as [string, string];
        const before = h.upstreamRequests.length;
        const response = await h.http.send(method, path, { cookie: manager, body });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ error: 'forbidden', message: reason });
        expect(h.upstreamRequests.length).toBe(before);
      });

    it('lets a content manager create a draft and an admin create it published', async () => {
      const draft = await h.http.post('/api/v2/content/course/create', {
        cookie: manager,
        body: {
          courseAttributes: [{ title: 'Draft by manager', kind: 'courseGroup', status: 'draft' }],
        },
      });
      expect(draft.status).toBe(200);
      expect(draft.body.courseIds).toHaveLength(1);
      const published = await h.http.post('/api/v2/content/course/create', {
        cookie: admin,
        body: {
          courseAttributes: [
            { title: 'Published by admin', kind: 'courseGroup', status: 'published' },
          ],
        },
      });
      expect(published.status).toBe(200);
      const group = await h.http.get(`/api/v2/courseGroups/${published.body.courseGroupIds[0]}`, {
        cookie: manager,
      });
      expect(group.body.status).toBe('published');
    });

    it('refuses a content manager body that is not JSON (it cannot be inspected)', async () => {
      const response = await h.http.post('/api/v2/content/course/create', {
        cookie: manager,
        rawBody: '{"courseAttributes": [',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'bad_request', message: REFUSALS.invalidJson });
    });

    it('forwards what it inspected: duplicate keys cannot smuggle a status past the check', async () => {
      const response = await h.http.post('/api/v2/content/course/create', {
        cookie: manager,
        rawBody:
          '{"courseAttributes":[{"title":"Dup","kind":"courseGroup","status":"published","status":"draft"}]}',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(200);
      const group = await h.sandbox.api('GET', `/courseGroups/${response.body.courseGroupIds[0]}`);
      expect(group.body.status).toBe('draft');
    });

    it('forwards a translation upload for a content manager as text/xml', async () => {
      const before = h.upstreamRequests.length;
      const response = await h.http.put(`/api/v2/content/courses/${randomUUID()}.xlf`, {
        cookie: manager,
        rawBody: '<xliff version="1.2"></xliff>',
        headers: { 'content-type': 'text/xml' },
      });
      expect(response.headers['x-lectern-source']).toBe('upstream');
      // The history reads the course first (course/history); the upload itself is the PUT.
      const upload = h.upstreamRequests.slice(before).find((request) => request.method === 'PUT');
      expect(upload!.headers['content-type']).toBe('text/xml');
    });
  });
});

describe('proxy: upstream key revoked', () => {
  let h: Harness;
  let permissionedKey = '';
  beforeAll(async () => {
    h = await startHarness({
      upstream: async (sandbox) => {
        const created = await sandbox.raw(
          'POST',
          '/sandbox/keys',
          { permissions: ['courses.edit'] },
          {
            authorization: `Bearer ${sandbox.secretKey}`,
          },
        );
        permissionedKey = created.body.key;
        return { baseUrl: sandbox.baseUrl, apiKey: permissionedKey, graphqlPath: '/graphql' };
      },
    });
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  it('passes the empty-bodied 401 through once the key is revoked', async () => {
    const admin = await h.sessionCookie('admin@lectern.test', 'admin');
    expect((await h.http.get('/api/v2/courseGroups', { cookie: admin })).status).toBe(200);
    const revoked = await h.sandbox.raw('DELETE', `/sandbox/keys/${permissionedKey}`, undefined, {
      authorization: `Bearer ${h.sandbox.secretKey}`,
    });
    expect(revoked.status).toBe(204);
    const response = await h.http.get('/api/v2/courseGroups', { cookie: admin });
    expect(response.status).toBe(401);
    expect(response.text).toBe('');
    expect(response.headers['x-lectern-source']).toBe('upstream');
    // Still signed in to the console: the 401 is the instance's, not the session's.
    expect((await h.http.get('/api/session', { cookie: admin })).status).toBe(200);
  });
});

describe('proxy: unreachable and slow upstream', () => {
  it('answers 502 with JSON when the connection is reset', async () => {
    const h = await startHarness();
    try {
      await h.sandboxSettings({ faults: [{ route: '/courseGroups', reset: true, rate: 1 }] });
      const admin = await h.sessionCookie('admin@lectern.test', 'admin');
      const response = await h.http.get('/api/v2/courseGroups', { cookie: admin });
      expect(response.status).toBe(502);
      expect(response.body).toEqual({
        error: 'upstream_unavailable',
        message: 'The learning instance could not be reached. Try again.',
      });
      expect(h.logLeaks).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('answers 502 when nothing listens at the upstream address', async () => {
    const h = await startHarness({
      upstream: () => ({
        baseUrl: 'http://127.0.0.1:9',
        apiKey: 'sk_closed_port_0000000000',
        graphqlPath: '/graphql',
      }),
    });
    try {
      const admin = await h.sessionCookie('admin@lectern.test', 'admin');
      const response = await h.http.get('/api/v2/tags', { cookie: admin });
      expect(response.status).toBe(502);
      expect(response.body.error).toBe('upstream_unavailable');
    } finally {
      await h.close();
    }
  });

  it('answers 504 with JSON when the upstream does not answer in time', async () => {
    const h = await startHarness({ env: { LECTERN_UPSTREAM_TIMEOUT_MS: '300' } });
    try {
      await h.sandboxSettings({ faults: [{ route: '/tags', delayMs: 1500, rate: 1 }] });
      const admin = await h.sessionCookie('admin@lectern.test', 'admin');
      const response = await h.http.get('/api/v2/tags', { cookie: admin });
      expect(response.status).toBe(504);
      expect(response.body).toEqual({
        error: 'upstream_timeout',
        message: 'The learning instance did not answer in time. Try again.',
      });
    } finally {
      await h.close();
    }
  });
});
