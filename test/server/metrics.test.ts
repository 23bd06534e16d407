// GET /metrics: refused unless LECTERN_METRICS_TOKEN is set and sent as a bearer token (it once
// answered 200 with the SPA's HTML), then Prometheus text with the console's series, labelled by route
// templates, never raw URLs or ids. On PostgreSQL with two servers: test/server/shutdown.test.ts (who
// leads, the shared relay state).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { sample } from './helpers/metrics-text.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('metrics without a token configured', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers 404 in JSON, not the console page', async () => {
    const response = await h.http.get('/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      error: 'not_found',
      message: 'Metrics are off on this console server: set LECTERN_METRICS_TOKEN to serve them.',
    });
  });
});

describe('metrics', () => {
  let h: Harness;
  let support: string;

  beforeAll(async () => {
    h = await startHarness({
      env: {
        LECTERN_METRICS_TOKEN: TOKEN,
        LECTERN_RELAY_KINDS: 'courseEnrollment',
        LECTERN_RELAY_POLL_MS: '100',
      },
    });
    support = await h.sessionCookie('support@lectern.test', 'support');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    expect(h.logs.join('\n')).not.toContain(TOKEN);
    await h.close();
  });

  const scrape = async () => {
    const response = await h.http.get('/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    return response.text;
  };

  it.each([
    ['no header', {}],
    ['another token', { authorization: 'Bearer metrics-token-0123456789abcdeX' }],
    ['the token without Bearer', { authorization: TOKEN }],
  ])('refuses a scrape with %s: 401 with a bearer challenge', async (_name, headers) => {
    const response = await h.http.get('/metrics', { headers });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="lectern-metrics"');
    expect(response.body).toEqual({
      error: 'unauthenticated',
      message: 'Metrics need the header Authorization: Bearer <LECTERN_METRICS_TOKEN>.',
    });
  });

  it('serves Prometheus text with the process defaults', async () => {
    const response = await h.http.get('/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toContain('# TYPE process_cpu_seconds_total counter');
    expect(response.text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('times requests by route template and status, never by raw URL or id', async () => {
    const ids = ['3f1c1a52-8f0e-4a53-9d54-2a5d0c5f1a01', '7b2d9e10-41aa-4b8c-a3e1-0c9e6f2d4b02'];
    for (const id of ids) await h.http.get(`/api/v2/courseGroups/${id}`, { cookie: support });
    await h.http.get('/api/v2/tags', { cookie: support });
    await h.http.get('/api/v2/not-a-route/xyz', { cookie: support });
    await h.http.delete(`/api/roles/${encodeURIComponent('ada@lectern.test')}`, {
      cookie: support,
    });
    const text = await scrape();
    expect(
      sample(
        text,
        'lectern_http_request_duration_seconds_count{method="GET",route="/api/v2/courseGroups/{id}",status="404"}',
      ),
    ).toBe(2);
    expect(
      sample(
        text,
        'lectern_http_request_duration_seconds_count{method="GET",route="/api/v2/tags",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'lectern_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'lectern_http_request_duration_seconds_count{method="DELETE",route="/api/roles/{email}",status="403"}',
      ),
    ).toBe(1);
    // The upstream calls carry the same template.
    expect(
      sample(
        text,
        'lectern_upstream_request_duration_seconds_count{operation="/api/v2/tags",status="200"}',
      ),
    ).toBe(1);
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain('ada@lectern.test');
  });

  it("counts the instance's 429s", async () => {
    await h.sandboxSettings({ faults: [{ route: '/tags', method: 'GET', status: 429, rate: 1 }] });
    try {
      await h.http.get('/api/v2/tags', { cookie: support });
      await h.http.get('/api/v2/tags', { cookie: support });
    } finally {
      await h.sandboxSettings({ faults: [] });
    }
    const text = await scrape();
    expect(sample(text, 'lectern_upstream_throttled_total{operation="/api/v2/tags"}')).toBe(2);
    expect(
      sample(
        text,
        'lectern_upstream_request_duration_seconds_count{operation="/api/v2/tags",status="429"}',
      ),
    ).toBe(2);
  });

  it('reports the relay, open streams, the audit backlog and active sessions', async () => {
    const stream = await fetch(`${h.url}/api/events/stream`, { headers: { cookie: support } });
    try {
      let text = '';
      for (let tries = 0; tries < 50; tries++) {
        text = await scrape();
        if (sample(text, 'lectern_relay_lag_seconds{kind="courseEnrollment"}') !== undefined) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(sample(text, 'lectern_relay_leader')).toBe(1);
      expect(
        sample(text, 'lectern_relay_lag_seconds{kind="courseEnrollment"}'),
      ).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'lectern_relay_stored_events{kind="courseEnrollment"}')).toBe(0);
      expect(sample(text, 'lectern_sse_streams_open')).toBe(1);
      expect(sample(text, 'lectern_audit_backlog_rows')).toBe(0);
      expect(sample(text, 'lectern_sessions_active')).toBe(1);
      expect(sample(text, 'lectern_upstream_pool_connections{state="queued"}')).toBe(0);
      expect(
        sample(
          text,
          'lectern_upstream_request_duration_seconds_count{operation="eventFeed",status="200"}',
        ),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await stream.body?.cancel();
    }
  });
});
