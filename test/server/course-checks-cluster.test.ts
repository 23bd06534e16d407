// Issue 24 where servers meet: the course checks' table on both engines (one claim wins, a dead run is
// taken over), and two console servers on one PostgreSQL database asked for the same course at once
// run one check: each URL is fetched once, and both answer the same report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseChecksAnswer } from '#contract/console/course-checks.ts';
import { createCourseChecksRepository } from '../../src/server/storage/course-checks-repository.ts';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import { startLinkServer, type LinkServer } from '../helpers/link-server.ts';
import { ENGINES, testDatabase, testDatabaseUrl } from '../helpers/test-database.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { pollChecks } from './helpers/course-checks.ts';

describe.each(ENGINES)('course check runs (%s)', (engine) => {
  let store: ConsoleStore;
  beforeAll(async () => {
    store = await openConsoleStore(await testDatabase(engine));
  });
  afterAll(() => store.close());

  const claim = (runId: string, patch: Record<string, unknown> = {}) => ({
    courseId: 'course-1',
    version: 'v1',
    runId,
    serverName: `server-${runId}`,
    at: 1_000,
    linksDistinct: 3,
    staleBefore: 0,
    ...patch,
  });

  it('lets one of two claims at once win, keeps a live run, and hands a dead one over', async () => {
    const repository = createCourseChecksRepository(store.db);
    const [first, second] = await Promise.all([
      repository.claim(claim('a')),
      repository.claim(claim('b')),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const winner = first ? 'a' : 'b';
    const loser = first ? 'b' : 'a';
    expect(await repository.beat('course-1', loser, 2, 1_500)).toBe(false);
    expect(await repository.beat('course-1', winner, 2, 1_500)).toBe(true);
    expect(await repository.find('course-1')).toEqual({
      courseId: 'course-1',
      version: 'v1',
      state: 'running',
      runId: winner,
      serverName: `server-${winner}`,
      startedAt: 1_000,
      beatAt: 1_500,
      linksDistinct: 3,
      linksDone: 2,
      finishedAt: null,
      report: null,
      failure: null,
    });
    // Live (beat after staleBefore): kept. Dead: taken over. Another version: taken at once.
    expect(await repository.claim(claim('c', { at: 2_000, staleBefore: 1_400 }))).toBe(false);
    expect(await repository.claim(claim('c', { at: 20_000, staleBefore: 1_600 }))).toBe(true);
    expect(await repository.claim(claim('d', { version: 'v2', at: 20_001, staleBefore: 0 }))).toBe(
      true,
    );
    // A finished run is replaced by the next claim; a forced one replaces even a live run.
    expect(await repository.finish('course-1', 'd', '{"state":"done"}', 21_000)).toBe(true);
    expect(await repository.finish('course-1', 'c', '{"state":"done"}', 21_000)).toBe(false);
    expect(await repository.find('course-1')).toMatchObject({
      state: 'done',
      report: '{"state":"done"}',
      finishedAt: 21_000,
    });
    expect(await repository.claim(claim('e', { version: 'v2', at: 22_000 }))).toBe(true);
    expect(await repository.claim(claim('f', { version: 'v2', at: 22_001, force: true }))).toBe(
      true,
    );
    await repository.fail('course-1', 'f', 'boom', 23_000);
    expect(await repository.find('course-1')).toMatchObject({
      runId: 'f',
      state: 'failed',
      failure: 'boom',
    });
  });
});

describe('two console servers on one PostgreSQL, one course', () => {
  let a: Harness;
  let b: Harness;
  let links: LinkServer;
  let courseId: string;

  beforeAll(async () => {
    // Slow enough that the check is still running when the second server is asked.
    links = await startLinkServer({ delayMs: 2_000 });
    const env = {
      LECTERN_DATABASE_URL: await testDatabaseUrl(),
      LECTERN_DATABASE_POOL_SIZE: '3',
      LECTERN_URL_ALLOWLIST: '127.0.0.1',
    };
    a = await startHarness({
      engine: 'postgres',
      env: { ...env, LECTERN_SERVER_NAME: 'checks-a' },
    });
    b = await startHarness({
      engine: 'postgres',
      env: { ...env, LECTERN_SERVER_NAME: 'checks-b' },
      upstream: () => ({
        baseUrl: a.sandbox.baseUrl,
        apiKey: a.sandbox.secretKey,
        graphqlPath: '/graphql',
      }),
    });
    const created = await a.sandbox.api('POST', '/content/course/create', {
      courseAttributes: [
        {
          title: 'Shared',
          kind: 'microCourse',
          topics: Array.from({ length: 4 }, (_, index) => ({
            title: `Topic ${index + 1}`,
            type: 'text',
            body: `<p><a href="${links.url(`/ok/${index}`)}">page ${index}</a> <a href="${links.url('/missing')}">the old page</a></p>`,
          })),
        },
      ],
    });
    courseId = created.body.courseIds[0] as string;
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await links?.close();
  });

  it('runs one check when both are asked at once, and both answer its report', async () => {
    const [onA, onB] = await Promise.all([
      a.sessionCookie('admin@lectern.test', 'admin'),
      b.sessionCookie('support@lectern.test', 'support'),
    ]);
    const first = await a.http.get(`/api/courses/${courseId}/checks`, { cookie: onA });
    expect(first.status).toBe(202);
    const second = await b.http.get(`/api/courses/${courseId}/checks`, { cookie: onB });
    expect(second.status).toBe(202);
    const running = [first.body, second.body] as CourseChecksAnswer[];
    expect(running[1]).toMatchObject({
      state: 'running',
      version: running[0]!.version,
      startedAt: (running[0] as { startedAt: string }).startedAt,
      links: { distinct: 5 },
    });
    const [fromA, fromB] = await Promise.all([
      pollChecks(a, courseId, onA),
      pollChecks(b, courseId, onB),
    ]);
    expect(fromB.report).toEqual(fromA.report);
    expect(fromA.report.findings.filter((f) => f.rule === 'linkBroken')).toHaveLength(1);
    // One check, so one request per URL, whichever server asked.
    expect([...links.requests.values()].every((count) => count === 1)).toBe(true);
    expect(links.requests.size).toBe(5);
  });
});
