// Issue 20, finding 2: 260 translation uploads held open by one content manager, each dripping a byte,
// took the whole upstream pool (256 connections): an admin's read got no answer within 10 s while
// /api/health said 200. Now bodies are read whole before an upstream connection is taken, one user may
// send at most LECTERN_BODIES_PER_USER (4) at once and everyone together LECTERN_BODIES_TOTAL (32), and
// /api/health answers 503 when the upstream pool or the body places are saturated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/server/errors.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { browserHeaders, slowUpload, type SlowUpload } from './helpers/slow-upload.ts';
import type { RawResponse } from '../helpers/raw-http.ts';

const GROUP = '3f0f1f5e-2a57-4f0e-9a43-2f2d3a1d9c11';
const UPLOAD = `/api/v2/content/courseGroups/${GROUP}.xlf`;

async function holdUploads(h: Harness, cookie: string, count: number): Promise<SlowUpload[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      slowUpload(
        h.url,
        {
          method: 'PUT',
          path: UPLOAD,
          headers: browserHeaders(cookie, h.url, 'text/xml'),
          declared: 100_000,
        },
        { first: '<?xml version="1.0"?>', dripMs: 2000 },
      ),
    ),
  );
}

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function timedRead(h: Harness, cookie: string, path: string) {
  const started = performance.now();
  const response = await h.http.get(path, { cookie });
  return { status: response.status, ms: performance.now() - started };
}

describe("one user's slow uploads do not starve anyone else (finding 2)", () => {
  let h: Harness;
  let admin: string;
  let support: string;
  let manager: string;
  let otherManager: string;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
    support = await h.sessionCookie('support@lectern.test', 'support');
    manager = await h.sessionCookie('manager@lectern.test', 'contentManager');
    otherManager = await h.sessionCookie('other.manager@lectern.test', 'contentManager');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  it("260 held uploads: 4 are received, 256 refused at once, and others' reads answer within 1 s", async () => {
    const uploads = await holdUploads(h, manager, 260);
    try {
      // Held means still unanswered once the other 256 have their answer: no deadline that a busy
      // machine could miss (the four never end on their own: they drip for 55 hours).
      const answers: (RawResponse | undefined | 'held')[] = uploads.map(() => 'held');
      const settled = uploads.map((upload, index) =>
        upload.response.then((answer) => {
          answers[index] = answer;
        }),
      );
      await Promise.race([
        waitUntil(() => answers.filter((answer) => answer !== 'held').length >= 256),
        Promise.all(settled),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const held = answers.filter((answer) => answer === 'held');
      const refused = answers.filter((answer) => answer !== 'held' && answer?.status === 429);
      expect(held).toHaveLength(4);
      expect(refused).toHaveLength(256);
      const first = refused[0] as Exclude<(typeof refused)[number], 'held' | undefined>;
      expect(JSON.parse(first.body)).toEqual({
        error: 'rate_limited',
        message: MESSAGES.bodiesPerUser(4),
      });
      expect(first.headers['retry-after']).toBe('1');

      // While the four are still dripping: everyone else is served at once.
      const reads = await Promise.all([
        timedRead(h, admin, '/api/v2/courseGroups'),
        timedRead(h, support, '/api/v2/tags'),
        timedRead(h, admin, `/api/v2/content/courseGroups/${GROUP}.xlf`),
        timedRead(h, support, '/api/v2/courseGroups?perPage=5'),
      ]);
      for (const read of reads) expect(read.ms).toBeLessThan(1000);
      expect(reads.map((read) => read.status)).toEqual([200, 200, 404, 200]);
      // Another content manager still has their own share.
      const upload = await h.http.put(UPLOAD, {
        cookie: otherManager,
        headers: { 'content-type': 'text/xml' },
        rawBody: '<?xml version="1.0"?><xliff version="1.2"/>',
      });
      expect(upload.headers['x-lectern-source']).toBe('upstream');

      const health = await h.http.get('/api/health');
      expect(health.status).toBe(200);
      expect(health.body.requestBodies).toEqual({ receiving: 4, limit: 32, saturated: false });
      expect(health.body.upstreamPool).toMatchObject({ connections: 256, saturated: false });
      // The held uploads never reached the instance, nor took a connection to it.
      expect(h.upstreamRequests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    } finally {
      for (const upload of uploads) upload.stop();
    }
  }, 30_000);
});

describe('all users together: the total bound and readiness (finding 2)', () => {
  let h: Harness;
  let managers: string[];
  beforeAll(async () => {
    h = await startHarness({
      env: { LECTERN_BODIES_PER_USER: '2', LECTERN_BODIES_TOTAL: '4' },
    });
    managers = await Promise.all(
      [1, 2, 3].map((n) => h.sessionCookie(`manager${n}@lectern.test`, 'contentManager')),
    );
  });
  afterAll(() => h.close());

  it('when every place is taken the next body is a 503, and /api/health says not ready', async () => {
    const held = [
      ...(await holdUploads(h, managers[0]!, 2)),
      ...(await holdUploads(h, managers[1]!, 2)),
    ];
    try {
      const health = async () => (await h.http.get('/api/health')) as { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
      let report = await health();
      for (let i = 0; i < 50 && report.body.requestBodies.receiving < 4; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        report = await health();
      }
      expect(report.status).toBe(503);
      expect(report.body.ok).toBe(false);
      expect(report.body.requestBodies).toEqual({ receiving: 4, limit: 4, saturated: true });

      const refused = await h.http.put(UPLOAD, {
        cookie: managers[2],
        headers: { 'content-type': 'text/xml' },
        rawBody: '<?xml version="1.0"?><xliff version="1.2"/>',
      });
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.body).toEqual({ error: 'server_busy', message: MESSAGES.bodiesBusy });
    } finally {
      for (const upload of held) upload.stop();
    }
    for (let i = 0; i < 100; i++) {
      if ((await h.http.get('/api/health')).status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const after = await h.http.get('/api/health');
    expect(after.status).toBe(200);
    expect(after.body.requestBodies).toEqual({ receiving: 0, limit: 4, saturated: false });
  });
});

describe('readiness reports a saturated upstream pool (finding 2)', () => {
  let h: Harness;
  let support: string;
  beforeAll(async () => {
    h = await startHarness({ env: { LECTERN_UPSTREAM_CONNECTIONS: '2' } });
    support = await h.sessionCookie('support@lectern.test', 'support');
  });
  afterAll(() => h.close());

  it('answers 503 while requests wait for an upstream connection, 200 once they have one', async () => {
    await h.sandboxSettings({ faults: [{ route: '/tags', delayMs: 1500, rate: 1 }] });
    // Distinct reads (a throwaway parameter), so none joins another's call.
    const reads = [1, 2, 3].map((n) => h.http.get(`/api/v2/tags?page=${n}`, { cookie: support }));
    try {
      let report = await h.http.get('/api/health');
      for (let i = 0; i < 50 && report.status === 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        report = await h.http.get('/api/health');
      }
      expect(report.status).toBe(503);
      expect(report.body.upstreamPool).toEqual({
        connections: 2,
        busy: 2,
        queued: 1,
        saturated: true,
      });
    } finally {
      await Promise.all(reads);
      await h.sandboxSettings({ faults: [] });
    }
    const after = await h.http.get('/api/health');
    expect(after.status).toBe(200);
    expect(after.body.upstreamPool.saturated).toBe(false);
  }, 20_000);
});
