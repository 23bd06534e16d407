// Titles for the ids events carry (GET /api/names), over the real sandbox's demo catalogue, on both
// engines: a course's structure names it and its topics in one read; answers are kept in the console's
// database and shared with a second server on it; unknown items are remembered as missing; identical
// lookups are joined; reads in flight are bounded; 429s are waited out, and a throttle that outlasts the
// wait says so.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED_HOOK_TIMEOUT_MS } from '../helpers/sandbox.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

interface Catalog {
  courses: { id: string; title: string }[];
  topic: { id: string; title: string; courseId: string };
  path: { id: string; title: string };
}

async function readCatalog(h: Harness): Promise<Catalog> {
  const content = await h.sandbox.api('GET', '/content?types[]=courses&perPage=12');
  const courses = (content.body.content as { id: string; title: string }[]).map(
    ({ id, title }) => ({
      id,
      title,
    }),
  );
  let topic: Catalog['topic'] | null = null;
  for (const course of courses) {
    const structure = await h.sandbox.api('GET', `/courses/${course.id}/structure`);
    const first = structure.body.sections?.[0]?.lessons?.[0]?.topics?.[0];
    if (first) {
      topic = { id: first.id, title: first.title, courseId: course.id };
      break;
    }
  }
  const paths = await h.sandbox.api('GET', '/content?types[]=learningPaths&perPage=1');
  const path = paths.body.content[0] as { id: string; title: string };
  if (!topic || !path) throw new Error('the demo catalogue has no topic or no learning path');
  return { courses, topic, path: { id: path.id, title: path.title } };
}

describe.each(ENGINES)('names (%s)', (engine) => {
  let h: Harness;
  let support: string;
  let catalog: Catalog;
  const structureReads = () =>
    h.upstreamRequests.filter((r) => /\/courses\/[^/]+\/structure$/.test(r.url)).length;
  const names = (query: string, cookie = support) => h.http.get(`/api/names?${query}`, { cookie });

  beforeAll(async () => {
    h = await startHarness({
      engine,
      sandbox: { seed: 'demo' },
      configure: (config) => {
        config.names.concurrency = 2;
        config.names.maxThrottleWaitMs = 1500;
      },
    });
    await h.sandboxSettings({ activityPerMinute: 0 });
    support = await h.sessionCookie('support@lectern.test', 'support');
    catalog = await readCatalog(h);
  }, DEMO_SEED_HOOK_TIMEOUT_MS);
  afterEach(async () => {
    await h.sandboxSettings({ faults: [] });
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  it('names a topic and its course from one structure read, and answers again from the cache', async () => {
    const { topic, path } = catalog;
    const before = h.upstreamRequests.length;
    const first = await names(`courses=${topic.courseId}&topics=${topic.id}:${topic.courseId}`);
    expect(first.status).toBe(200);
    const byId = new Map(first.body.names.map((n: { id: string }) => [n.id, n]));
    expect(byId.get(topic.id)).toMatchObject({
      type: 'topic',
      state: 'found',
      title: topic.title,
      courseId: topic.courseId,
      message: null,
    });
    expect(byId.get(topic.courseId)).toMatchObject({ type: 'course', state: 'found' });
    expect(h.upstreamRequests.length - before).toBe(1);

    const second = await names(`topics=${topic.id}&learningPaths=${path.id}`);
    expect(second.status).toBe(200);
    expect(second.body.names).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: topic.id, state: 'found', title: topic.title }),
        expect.objectContaining({ id: path.id, type: 'learningPath', title: path.title }),
      ]),
    );
    // Only the learning path was asked of the instance.
    expect(h.upstreamRequests.slice(before + 1).map((r) => r.url)).toEqual([
      `/incoming/v2/content/learningPaths/${path.id}`,
    ]);
  });

  it('says an unknown item is missing, and remembers it', async () => {
    const gone = randomUUID();
    const first = await names(`courses=${gone}&topics=${gone}`);
    expect(first.status).toBe(200);
    expect(first.body.names).toEqual(
      expect.arrayContaining([
        {
          type: 'course',
          id: gone,
          state: 'missing',
          title: null,
          courseId: null,
          checkedAt: expect.any(Number),
          message: null,
        },
        {
          type: 'topic',
          id: gone,
          state: 'missing',
          title: null,
          courseId: null,
          checkedAt: expect.any(Number),
          message: null,
        },
      ]),
    );
    const before = h.upstreamRequests.length;
    const again = await names(`courses=${gone}`);
    expect(again.body.names[0].state).toBe('missing');
    expect(h.upstreamRequests.length).toBe(before);
  });

  it('joins identical lookups in progress and keeps at most two reads in flight', async () => {
    const fresh = catalog.courses.filter((c) => c.id !== catalog.topic.courseId).slice(0, 6);
    await h.sandboxSettings({
      faults: [{ route: '/courses/*/structure', method: 'GET', delayMs: 150, rate: 1 }],
    });
    let inFlight = 0;
    let most = 0;
    const onRequest = (request: IncomingMessage, response: ServerResponse) => {
      if (!request.url?.endsWith('/structure')) return;
      most = Math.max(most, ++inFlight);
      response.on('finish', () => (inFlight -= 1));
    };
    h.sandbox.sandbox.app.server.on('request', onRequest);
    try {
      const before = structureReads();
      const query = `courses=${fresh.map((c) => c.id).join(',')}`;
      const answers = await Promise.all([names(query), names(query), names(query)]);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.names.map((n: { title: string }) => n.title).sort()).toEqual(
          fresh.map((c) => c.title).sort(),
        );
      }
      expect(structureReads() - before).toBe(fresh.length);
      expect(most).toBe(2);
    } finally {
      h.sandbox.sandbox.app.server.off('request', onRequest);
    }
  });

  it('waits out a 429 and its Retry-After, then answers the title', async () => {
    const course = catalog.courses.at(-1)!;
    await h.sandboxSettings({
      faults: [{ route: `/courses/${course.id}/structure`, method: 'GET', status: 429, rate: 1 }],
    });
    const before = structureReads();
    const started = Date.now();
    const pending = names(`courses=${course.id}`);
    setTimeout(() => void h.sandboxSettings({ faults: [] }), 300);
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.body.names[0]).toMatchObject({ state: 'found', title: course.title });
    // Retry-After: 1 (the sandbox's) was honoured: one 429, then one read a second later.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(structureReads() - before).toBe(2);
  });

  it('says the instance is throttling when it asks to wait longer than the console waits', async () => {
    const gone = randomUUID();
    await h.sandboxSettings({
      faults: [{ route: '/courses/*/structure', method: 'GET', status: 429, rate: 1 }],
    });
    const answer = await names(`courses=${gone}`);
    expect(answer.status).toBe(200);
    expect(answer.body.names[0]).toEqual({
      type: 'course',
      id: gone,
      state: 'unavailable',
      title: null,
      courseId: null,
      checkedAt: null,
      message: 'The instance is throttling the console; try again in a moment.',
    });
  });

  it('refuses ids that are not ids, too many ids, and users without a role', async () => {
    const bad = await names('courses=not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'bad_request',
      message: expect.stringContaining('not-an-id is not a course id'),
    });
    const many = Array.from({ length: 101 }, () => randomUUID()).join(',');
    const tooMany = await names(`courses=${many}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('at most 100 ids per call');
    const nobody = await h.sessionCookie('nobody@lectern.test', null);
    expect((await names(`courses=${randomUUID()}`, nobody)).status).toBe(403);
  });

  it.runIf(engine === 'postgres')(
    'shares the cache with another console server on the same database',
    async () => {
      const { courses } = catalog;
      const course = courses[0]!;
      await names(`courses=${course.id}`);
      const databaseUrl = (h.config.database as { url: string }).url;
      const other = await startHarness({
        engine,
        env: { LECTERN_DATABASE_URL: databaseUrl, LECTERN_SERVER_NAME: 'second-console' },
        upstream: () => ({
          baseUrl: h.sandbox.baseUrl,
          apiKey: h.sandbox.secretKey,
          graphqlPath: '/graphql',
        }),
      });
      try {
        const before = h.upstreamRequests.length;
        const cookie = await other.sessionCookie('support2@lectern.test', 'support');
        const answer = await other.http.get(`/api/names?courses=${course.id}`, { cookie });
        expect(answer.status).toBe(200);
        expect(answer.body.names[0]).toMatchObject({ state: 'found', title: course.title });
        expect(h.upstreamRequests.length).toBe(before);
      } finally {
        await other.close();
      }
    },
  );
});
