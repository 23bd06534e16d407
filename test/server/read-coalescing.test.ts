// Identical concurrent reads share one upstream call; different reads, and reads after a write, do not.
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/console-harness.ts';

describe('read coalescing', () => {
  let h: Harness;
  let admin: string;
  const upstreamGets = (path: string) =>
    h.upstreamRequests.filter((r) => r.method === 'GET' && r.url === `/incoming/v2${path}`).length;
  const delay = (route: string, delayMs: number) =>
    h.sandboxSettings({ faults: [{ route, method: 'GET', delayMs, rate: 1 }] });

  beforeAll(async () => {
    h = await startHarness();
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
    const created = await h.http.post('/api/v2/content/course/create', {
      cookie: admin,
      body: {
        courseAttributes: Array.from({ length: 60 }, (_, i) => ({
          title: `Coalesced group ${i + 1}`,
          kind: 'courseGroup',
          description: 'x'.repeat(4000),
        })),
      },
    });
    expect(created.status).toBe(200);
  });
  afterEach(async () => {
    await h.sandboxSettings({ faults: [] });
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  it('answers five identical concurrent reads with one upstream call and the same bytes', async () => {
    await delay('/tags', 300);
    const before = upstreamGets('/tags');
    const joinedBefore = h.server.deps.reads.stats.joined;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => h.http.get('/api/v2/tags', { cookie: admin })),
    );
    expect(upstreamGets('/tags') - before).toBe(1);
    expect(h.server.deps.reads.stats.joined - joinedBefore).toBe(4);
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.text).toBe(responses[0]!.text);
      expect(response.headers['x-lectern-source']).toBe('upstream');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('sends reads that differ in query or forwarded headers separately', async () => {
    await delay('/tags', 200);
    const before = h.upstreamRequests.length;
    const responses = await Promise.all([
      h.http.get('/api/v2/tags?page=1', { cookie: admin }),
      h.http.get('/api/v2/tags?page=2', { cookie: admin }),
      h.http.get('/api/v2/tags?page=1', { cookie: admin, headers: { 'accept-language': 'de' } }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    // forwardedSince: the history's snapshot reads of the 60 groups created above may still be going.
    expect(h.forwardedSince(before)).toHaveLength(3);
  });

  it('never lets a read that started after a write join a read sent before it', async () => {
    await delay('/courseGroups', 500);
    const before = upstreamGets('/courseGroups');
    const early = h.http.get('/api/v2/courseGroups', { cookie: admin });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const write = await h.http.post('/api/v2/content/course/create', {
      cookie: admin,
      body: {
        courseAttributes: [{ title: 'Written while a read was in flight', kind: 'courseGroup' }],
      },
    });
    expect(write.status).toBe(200);
    const late = await h.http.get('/api/v2/courseGroups', { cookie: admin });
    expect((await early).status).toBe(200);
    expect(late.status).toBe(200);
    expect(upstreamGets('/courseGroups') - before).toBe(2);
    expect(late.body.pageInfo.total).toBe(61);
  });

  it('streams a large answer whole to every reader, and a reader that leaves does not stop the others', async () => {
    await delay('/courseGroups', 300);
    const path = '/api/v2/courseGroups?perPage=100';
    const before = upstreamGets('/courseGroups?perPage=100');
    const leaving = new Promise<string>((resolve) => {
      const request = httpRequest(`${h.url}${path}`, { headers: { cookie: admin } });
      request.on('error', () => resolve('left'));
      request.end();
      setTimeout(() => request.destroy(), 100);
    });
    const readers = await Promise.all(
      Array.from({ length: 3 }, () => h.http.get(path, { cookie: admin })),
    );
    expect(await leaving).toBe('left');
    expect(upstreamGets('/courseGroups?perPage=100') - before).toBe(1);
    expect(readers[0]!.text.length).toBeGreaterThan(200_000);
    for (const reader of readers) {
      expect(reader.status).toBe(200);
      expect(reader.text).toBe(readers[0]!.text);
      expect(reader.body.courseGroups).toHaveLength(61);
    }
  });

  it('answers every waiter of a failed flight with the same JSON error', async () => {
    const slow = await startHarness({ env: { LECTERN_UPSTREAM_TIMEOUT_MS: '300' } });
    try {
      await slow.sandboxSettings({ faults: [{ route: '/tags', delayMs: 1500, rate: 1 }] });
      const cookie = await slow.sessionCookie('support@lectern.test', 'support');
      const responses = await Promise.all(
        Array.from({ length: 3 }, () => slow.http.get('/api/v2/tags', { cookie })),
      );
      expect(slow.server.deps.reads.stats).toEqual({ flights: 1, joined: 2 });
      for (const response of responses) {
        expect(response.status).toBe(504);
        expect(response.body).toEqual({
          error: 'upstream_timeout',
          message: 'The learning instance did not answer in time. Try again.',
        });
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      }
    } finally {
      await slow.close();
    }
  });
});
