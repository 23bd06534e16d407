import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_KINDS,
  EVENT_PAGE_SIZE,
  EventPage,
  FEED_MESSAGES,
  READ_MESSAGES,
  type LearnerEvent,
} from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import {
  createCourses,
  createLearners,
  createLearningPath,
  learnerAccounts,
  simulate,
} from '../helpers/learner-fixtures.ts';

const T1 = Date.UTC(2025, 0, 1, 9);
const T2 = T1 + 60_000;
const T3 = T2 + 60_000;

describe('event feed (spec 6)', () => {
  let s: TestSandbox;

  /** Events created while the sandbox clock reads `at`: they all share that timestamp. */
  async function enrollmentsAt(at: number, count: number) {
    const realNow = s.sandbox.deps.now;
    s.sandbox.deps.now = () => at;
    try {
      await simulate(s, count, ['courseEnrollment']);
    } finally {
      s.sandbox.deps.now = realNow;
    }
  }

  const page = async (kind: string, query = '') => {
    const res = await s.api('GET', `/events/${kind}${query}`);
    expect(res.status, res.text).toBe(200);
    return EventPage.parse(res.body);
  };

  /** Follows the cursor to the end; returns every page. */
  async function walk(kind: string, startDate?: number) {
    const pages: EventPage[] = [];
    const base = startDate === undefined ? '' : `startDate=${startDate}`;
    let cursor: string | undefined;
    do {
      const params = [base, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean);
      const current = await page(kind, params.length ? `?${params.join('&')}` : '');
      pages.push(current);
      cursor = current.pageInfo.cursor;
      expect(current.pageInfo.hasMore).toBe(cursor !== undefined);
    } while (cursor);
    return pages;
  }

  const ids = (events: LearnerEvent[]) => events.map((e) => e.id);
  const storedIds = (kind: string, from = 0) =>
    s.sandbox.db
      .prepare('SELECT id FROM events WHERE kind = ? AND timestamp >= ? ORDER BY timestamp, seq')
      .pluck()
      .all(kind, from) as string[];

  beforeAll(async () => {
    s = await startSandbox();
    await createCourses(s, 2);
    createLearningPath(s);
    await createLearners(s, learnerAccounts(6, 'feed'));
    await enrollmentsAt(T1, 120);
    await enrollmentsAt(T2, 130);
    await enrollmentsAt(T3, 60);
  });
  afterAll(() => s.close());

  it('pages through a kind oldest first, 100 per page, cursor only while hasMore', async () => {
    const pages = await walk('courseEnrollment');
    expect(pages.map((p) => p.events.length)).toEqual([100, 100, 100, 10]);
    expect(pages.map((p) => p.pageInfo.hasMore)).toEqual([true, true, true, false]);
    expect(pages.at(-1)!.pageInfo).toEqual({ hasMore: false });
    const events = pages.flatMap((p) => p.events);
    expect(ids(events)).toEqual(storedIds('courseEnrollment'));
    expect(new Set(ids(events)).size).toBe(310);
    const timestamps = events.map((e) => e.timestamp);
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
    expect(events.every((e) => e.kind === 'courseEnrollment')).toBe(true);
  });

  it('treats startDate as an inclusive lower bound, across shared timestamps', async () => {
    const fromT2 = (await walk('courseEnrollment', T2)).flatMap((p) => p.events);
    expect(fromT2).toHaveLength(190);
    expect(ids(fromT2)).toEqual(storedIds('courseEnrollment', T2));
    expect(fromT2[0]!.timestamp).toBe(T2);
    const afterT2 = (await walk('courseEnrollment', T2 + 1)).flatMap((p) => p.events);
    expect(afterT2.map((e) => e.timestamp)).toEqual(Array(60).fill(T3));
    expect(await page('courseEnrollment', `?startDate=${T3 + 1}`)).toEqual({
      pageInfo: { hasMore: false },
      events: [],
    });
  });

  it('never repeats an event within one cursor walk, even as events arrive during it', async () => {
    const firstFromT1 = await page('courseEnrollment', `?startDate=${T1}`);
    // New events with the same timestamp as the last one already read: they come after it.
    await enrollmentsAt(T3, 5);
    const rest = (await walkFrom('courseEnrollment', T1, firstFromT1.pageInfo.cursor!)).flatMap(
      (p) => p.events,
    );
    const all = [...ids(firstFromT1.events), ...ids(rest)];
    expect(all).toHaveLength(315);
    expect(new Set(all).size).toBe(315);
    expect(all).toEqual(storedIds('courseEnrollment'));
  });

  async function walkFrom(kind: string, startDate: number, cursor: string) {
    const pages: EventPage[] = [];
    let next: string | undefined = cursor;
    while (next) {
      const current = await page(
        kind,
        `?startDate=${startDate}&cursor=${encodeURIComponent(next)}`,
      );
      pages.push(current);
      next = current.pageInfo.cursor;
    }
    return pages;
  }

  it('serves every kind with the documented event object', async () => {
    await simulate(s, 400);
    for (const kind of EVENT_KINDS) {
      const events = (await walk(kind)).flatMap((p) => p.events);
      expect(events.length, kind).toBeGreaterThan(0);
      expect(events.every((e) => e.kind === kind)).toBe(true);
    }
    const [quiz] = (await page('quizAttempt')).events;
    expect(quiz).toMatchObject({
      kind: 'quizAttempt',
      // 310 enrollments among 6 learners and 2 courses: the simulator signed new learners up.
      learner: { email: expect.stringMatching(/@example\.test$/), firstName: expect.any(String) },
      course: { title: expect.stringMatching(/^Published course/) },
      learningPath: null,
      topicId: expect.any(String),
      data: { passed: expect.any(Boolean), score: expect.any(Number) },
    });
    const [pathEvent] = (await page('learningPathEnrollment')).events;
    expect(pathEvent).toMatchObject({
      course: null,
      topicId: null,
      learningPath: { id: expect.any(String) },
    });
  });

  it('accepts a cursor without startDate, and only with the startDate it was issued for', async () => {
    const { pageInfo } = await page('courseEnrollment', `?startDate=${T1}`);
    const cursor = encodeURIComponent(pageInfo.cursor!);
    const withoutStartDate = await page('courseEnrollment', `?cursor=${cursor}`);
    const withSame = await page('courseEnrollment', `?startDate=${T1}&cursor=${cursor}`);
    expect(withoutStartDate).toEqual(withSame);
    const other = await s.api('GET', `/events/courseEnrollment?startDate=${T2}&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ errors: [FEED_MESSAGES.cursorOtherStartDate] });
    const otherKind = await s.api('GET', `/events/quizAttempt?cursor=${cursor}`);
    expect(otherKind.status).toBe(400);
    expect(otherKind.body).toEqual({ errors: [READ_MESSAGES.cursorFiltersChanged] });
  });

  it('answers 400 with a clear message for bad kinds, startDates, cursors and perPage', async () => {
    const cases: [string, string[]][] = [
      ['/events/courseActions', [FEED_MESSAGES.unknownEventKind('courseActions')]],
      ['/events/courseAction?startDate=yesterday', [FEED_MESSAGES.invalidStartDate]],
      ['/events/courseAction?startDate=-1', [FEED_MESSAGES.invalidStartDate]],
      ['/events/courseAction?startDate=1.5', [FEED_MESSAGES.invalidStartDate]],
      ['/events/courseAction?startDate=', [FEED_MESSAGES.invalidStartDate]],
      ['/events/courseAction?startDate=1&startDate=2', [FEED_MESSAGES.invalidStartDate]],
      ['/events/courseAction?cursor=not-a-cursor', [READ_MESSAGES.invalidCursor]],
      ['/events/courseAction?perPage=10', [FEED_MESSAGES.perPageNotSupported]],
      [
        '/events/nope?startDate=x',
        [FEED_MESSAGES.unknownEventKind('nope'), FEED_MESSAGES.invalidStartDate],
      ],
    ];
    for (const [path, errors] of cases) {
      const res = await s.api('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ errors });
    }
    expect(EVENT_PAGE_SIZE).toBe(100);
  });

  it('needs an API key (401, empty body)', async () => {
    const res = await s.api('GET', '/events/courseAction', undefined, null);
    expect(res.status).toBe(401);
    expect(res.text).toBe('');
  });
});
