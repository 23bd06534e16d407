// The audit log: what a state-changing call records, refusals included; the admin API's filters and
// keyset pages; CSV and NDJSON export. On both engines.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS } from '../../src/server/proxy/role-policy.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(ENGINES)('audit log (%s)', (engine) => {
  let h: Harness;
  let admin: string;
  let manager: string;
  let support: string;
  const startedAt = Date.now();
  beforeAll(async () => {
    h = await startHarness({ engine });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
    manager = await h.sessionCookie('manager@lectern.test', 'contentManager');
    support = await h.sessionCookie('support@lectern.test', 'support');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  // A call's row is completed (or, for a refusal, written) once its response has gone out: wait for
  // that rather than race it.
  let lastSeen = 0;
  const latest = async (query = '') => {
    const deadline = Date.now() + 2000;
    for (;;) {
      const entry = (await h.http.get(`/api/audit?limit=1${query}`, { cookie: admin })).body
        .entries[0];
      if (entry && entry.seq > lastSeen && entry.outcome === 'completed') {
        lastSeen = entry.seq;
        return entry;
      }
      if (Date.now() > deadline) return entry;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('records a create with user, route, summary, body hash, statuses and the background job id', async () => {
    const body = JSON.stringify({
      courseAttributes: [
        { title: 'Video course', kind: 'video', videoUrl: 'https://cdn.example.test/intro.mp4' },
      ],
    });
    const response = await h.http.post('/api/v2/content/course/create', {
      cookie: admin,
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    const entry = await latest();
    expect(entry).toEqual({
      seq: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      serverName: 'test-console',
      userEmail: 'admin@lectern.test',
      role: 'admin',
      clientAddress: '127.0.0.1',
      method: 'POST',
      route: 'POST /api/v2/content/course/create',
      path: '/api/v2/content/course/create',
      operation: 'createCourses',
      summary: 'create 1 course: "Video course"',
      bodySha256: sha256(body),
      bodyBytes: Buffer.byteLength(body),
      status: 200,
      upstreamStatus: 200,
      jobId: response.body.backgroundJob.id,
      refusal: null,
      durationMs: expect.any(Number),
      outcome: 'completed',
      signedInWith: 'instance',
      subjects: [
        { type: 'courseGroup', id: response.body.courseGroupIds[0], title: 'Video course' },
      ],
    });
  });

  it('records the groups and courses a call touched, with titles and old -> new values', async () => {
    const created = await h.http.post('/api/v2/content/course/create', {
      cookie: admin,
      body: {
        courseAttributes: [
          { title: 'First', kind: 'article' },
          { title: 'Second', kind: 'article' },
        ],
      },
    });
    expect(created.status).toBe(200);
    const [first, second] = created.body.courseGroupIds as string[];
    const [firstCourse] = created.body.courseIds as string[];
    expect((await latest()).subjects).toEqual([
      { type: 'courseGroup', id: first, title: 'First' },
      { type: 'courseGroup', id: second, title: 'Second' },
    ]);

    const update = await h.http.put('/api/v2/content/course/update', {
      cookie: admin,
      body: {
        courseAttributes: {
          courseGroups: [
            { id: first, archived: true },
            { id: second, title: 'Second, renamed' },
          ],
        },
      },
    });
    expect(update.status).toBe(200);
    // Titles as read just before the call, and what it changed, old -> new (course/history).
    expect((await latest()).subjects).toEqual([
      {
        type: 'courseGroup',
        id: first,
        title: 'First',
        changes: [{ field: 'archived', node: null, before: false, after: true }],
      },
      {
        type: 'courseGroup',
        id: second,
        title: 'Second',
        changes: [{ field: 'title', node: null, before: 'Second', after: 'Second, renamed' }],
      },
    ]);

    const release = await h.http.put(`/api/v2/content/${firstCourse}/releaseContent`, {
      cookie: admin,
      body: { kind: 'course', action: 'release' },
    });
    expect(release.status).toBe(200);
    expect((await latest()).subjects).toEqual([
      {
        type: 'course',
        id: firstCourse,
        title: 'First',
        // Its group was archived just before: the course read archived.
        changes: [{ field: 'status', node: null, before: 'archived', after: 'published' }],
      },
    ]);
  });

  it('records an update summary and the upstream status of a failed call', async () => {
    const body = {
      courseAttributes: { topics: [{ id: '1b0e2c2e-31b5-4c39-9b5c-0d8d8b2a7f10', title: 'x' }] },
    };
    const response = await h.http.put('/api/v2/content/course/update', { cookie: manager, body });
    expect(response.status).toBe(400);
    const entry = await latest();
    expect(entry).toMatchObject({
      userEmail: 'manager@lectern.test',
      role: 'contentManager',
      operation: 'updateCourses',
      summary: 'update topics x1',
      bodySha256: sha256(JSON.stringify(body)),
      status: 400,
      upstreamStatus: 400,
      jobId: null,
      refusal: null,
    });
  });

  it('records refusals: a role refusal with its reason, and a CSRF refusal', async () => {
    await h.http.post('/api/v2/content/course/create', {
      cookie: manager,
      body: { courseAttributes: [{ title: 'P', kind: 'courseGroup', status: 'published' }] },
    });
    expect(await latest()).toMatchObject({
      userEmail: 'manager@lectern.test',
      status: 403,
      upstreamStatus: null,
      refusal: REFUSALS.createPublished(0),
      summary: 'create 1 course: "P" (1 published)',
    });
    await h.http.post('/api/v2/content/bulkUpdatePrices', { cookie: support, body: { items: [] } });
    expect(await latest()).toMatchObject({
      userEmail: 'support@lectern.test',
      operation: 'bulkUpdatePrices',
      status: 403,
      refusal: REFUSALS.supportReadOnly,
    });
    await h.http.post('/api/v2/content/course/create', { cookie: admin, csrf: false, body: {} });
    expect(await latest()).toMatchObject({
      userEmail: 'admin@lectern.test',
      status: 403,
      upstreamStatus: null,
      refusal: 'Refused: state-changing requests must carry the X-Lectern-Csrf: 1 header.',
    });
  });

  it('hashes streamed bodies (translation upload) as they pass', async () => {
    const xml = '<xliff version="1.2"><file target-language="fr"></file></xliff>';
    await h.http.put('/api/v2/content/courses/3f0f1f5e-2a57-4f0e-9a43-2f2d3a1d9c11.xlf', {
      cookie: admin,
      rawBody: xml,
      headers: { 'content-type': 'text/xml' },
    });
    expect(await latest()).toMatchObject({
      operation: 'uploadTranslation',
      bodySha256: sha256(xml),
      bodyBytes: xml.length,
      summary: `upload translation courses/3f0f1f5e-2a57-4f0e-9a43-2f2d3a1d9c11.xlf (${xml.length} bytes)`,
      upstreamStatus: expect.any(Number),
    });
  });

  it('records role changes and sign-out, never GETs', async () => {
    await h.http.put('/api/roles/New.Person@lectern.test', {
      cookie: admin,
      body: { role: 'support' },
    });
    expect(await latest()).toMatchObject({
      operation: 'grantRole',
      route: 'PUT /api/roles/:email',
      summary: 'grant support to new.person@lectern.test',
      status: 200,
    });
    const before = lastSeen;
    await h.http.get('/api/v2/courseGroups', { cookie: admin });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await h.http.get('/api/audit?limit=1', { cookie: admin });
    expect(after.body.entries[0].seq).toBe(before);
  });

  it('filters by user, route, status and time, and pages with a cursor', async () => {
    const byUser = await h.http.get('/api/audit?user=MANAGER@lectern.test', { cookie: admin });
    expect(byUser.body.entries.length).toBeGreaterThanOrEqual(2);
    expect(
      byUser.body.entries.every(
        (e: { userEmail: string }) => e.userEmail === 'manager@lectern.test',
      ),
    ).toBe(true);

    const byRoute = await h.http.get('/api/audit?route=createCourses', { cookie: admin });
    expect(
      byRoute.body.entries.every((e: { operation: string }) => e.operation === 'createCourses'),
    ).toBe(true);
    const byTemplate = await h.http.get(
      `/api/audit?route=${encodeURIComponent('/api/v2/content/course/create')}`,
      { cookie: admin },
    );
    expect(byTemplate.body.entries.length).toBe(byRoute.body.entries.length);

    const refused = await h.http.get('/api/audit?status=403', { cookie: admin });
    expect(refused.body.entries.length).toBe(3);
    const clientErrors = await h.http.get('/api/audit?status=4xx', { cookie: admin });
    expect(clientErrors.body.entries.length).toBeGreaterThanOrEqual(4);

    const future = await h.http.get(`/api/audit?from=${Date.now() + 60_000}`, { cookie: admin });
    expect(future.body.entries).toEqual([]);
    const window = await h.http.get(
      `/api/audit?from=${new Date(startedAt).toISOString()}&to=${Date.now() + 1000}`,
      { cookie: admin },
    );
    const all = window.body.entries;
    expect(all.length).toBeGreaterThanOrEqual(7);

    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await h.http.get(`/api/audit?limit=2${cursor ? `&cursor=${cursor}` : ''}`, {
        cookie: admin,
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.entries.map((e: { seq: number }) => e.seq));
      cursor = page.body.pageInfo.cursor;
      expect(Boolean(cursor)).toBe(page.body.pageInfo.hasMore);
    } while (cursor);
    expect(seen).toEqual(all.map((e: { seq: number }) => e.seq));
  });

  it('rejects bad filters with 400 and non-admins with 403', async () => {
    expect((await h.http.get('/api/audit?status=abc', { cookie: admin })).body).toEqual({
      error: 'bad_request',
      message: "status: must be a status code (403) or class ('4xx')",
    });
    expect((await h.http.get('/api/audit?cursor=!!', { cookie: admin })).status).toBe(400);
    for (const cookie of [manager, support]) {
      const response = await h.http.get('/api/audit', { cookie });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('forbidden');
    }
  });

  it('exports the filtered log as CSV and NDJSON', async () => {
    const csv = await h.http.get('/api/audit/export?format=csv&user=manager@lectern.test', {
      cookie: admin,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="lectern-audit-.*\.csv"$/,
    );
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'seq,at,serverName,userEmail,role,clientAddress,method,route,path,operation,summary,bodySha256,bodyBytes,outcome,status,upstreamStatus,jobId,refusal,durationMs,subjects,signedInWith',
    );
    const filtered = await h.http.get('/api/audit?user=manager@lectern.test&limit=500', {
      cookie: admin,
    });
    expect(lines.length - 1).toBe(filtered.body.entries.length);
    expect(csv.text).toContain('"create 1 course: ""P"" (1 published)"');

    const ndjson = await h.http.get('/api/audit/export?format=ndjson', { cookie: admin });
    expect(ndjson.headers['content-type']).toBe('application/x-ndjson');
    const rows = ndjson.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const everything = await h.http.get('/api/audit?limit=500', { cookie: admin });
    expect(rows).toEqual(everything.body.entries);
  });
});
