import { describe, expect, it } from 'vitest';
import { connectionLabel } from './connection-label.ts';
import { createMatcher, filterFromSearch, historyQuery } from './event-filters.ts';
import { csvCell, toCsv, toNdjson } from './export-events.ts';
import type { FeedState } from './live-feed.ts';
import { MonitorSearch } from './monitor-search.ts';
import { bucketPerMinute, chartWindow, MINUTE, niceMax } from './per-minute.ts';
import { EventStore } from './event-store.ts';
import { NO_FILTER } from './event-filters.ts';
import { COURSES, incoming, makeEvent, PATHS } from './test-events.ts';

const matches = (search: Record<string, unknown>, event = makeEvent(1, { learner: 0 })) => {
  const matcher = createMatcher(filterFromSearch(MonitorSearch.parse(search)));
  return matcher.base(event) && matcher.kind(event);
};

describe('URL search params', () => {
  it('normalizes kinds and drops what is not valid instead of failing', () => {
    expect(
      MonitorSearch.parse({
        kinds: 'quizAttempt,bogus,courseAction,quizAttempt',
        learner: 12345,
        course: 'not-a-uuid',
        from: '2024-05-01T10:00:00+02:00',
        to: 'yesterday',
        q: '  ',
      }),
    ).toEqual({
      kinds: 'courseAction,quizAttempt',
      learner: '12345',
      from: '2024-05-01T08:00:00.000Z',
    });
  });

  it('treats "every kind" as no kind filter', () => {
    const all =
      'courseAction,courseEnrollment,courseCompletion,courseCertificate,learningPathAction,learningPathEnrollment,quizAttempt,assignmentSubmission';
    expect(MonitorSearch.parse({ kinds: all })).toEqual({});
  });

  it('builds the history query the relay expects', () => {
    const filter = filterFromSearch(
      MonitorSearch.parse({
        kinds: 'quizAttempt',
        learner: 'Ada',
        from: '2024-05-01T08:00:00Z',
        q: 'x',
      }),
    );
    expect(historyQuery(filter)).toEqual({
      kind: 'quizAttempt',
      learner: 'Ada',
      course: undefined,
      from: String(Date.parse('2024-05-01T08:00:00Z')),
      to: undefined,
    });
  });
});

describe('matching, as the relay does', () => {
  it('matches a learner by id, whole email (any case) or part of the name', () => {
    const event = makeEvent(1, { learner: 0 });
    expect(matches({ learner: event.learner.id })).toBe(true);
    expect(matches({ learner: 'ADA@example.com' })).toBe(true);
    expect(matches({ learner: 'ada@example' })).toBe(false);
    expect(matches({ learner: 'love' })).toBe(true);
    expect(matches({ learner: 'ada lovelace' })).toBe(true);
    expect(matches({ learner: 'grace' })).toBe(false);
  });

  it('matches a course or a learning path by id', () => {
    expect(matches({ course: COURSES[0]!.id })).toBe(true);
    expect(matches({ course: COURSES[1]!.id })).toBe(false);
    expect(matches({ course: PATHS[0]!.id }, makeEvent(2, { kind: 'learningPathAction' }))).toBe(
      true,
    );
  });

  it('takes the time range as [from, to)', () => {
    const event = makeEvent(1, { timestamp: Date.parse('2024-05-01T10:00:00Z') });
    expect(matches({ from: '2024-05-01T10:00:00Z' }, event)).toBe(true);
    expect(matches({ to: '2024-05-01T10:00:00Z' }, event)).toBe(false);
    expect(matches({ to: '2024-05-01T10:00:00.001Z' }, event)).toBe(true);
  });

  it('searches every word of the free text in names, titles, ids and data', () => {
    const quiz = makeEvent(7, { kind: 'quizAttempt', learner: 1 });
    expect(matches({ q: 'grace compilers' }, quiz)).toBe(true);
    expect(matches({ q: 'quiz 82.5' }, quiz)).toBe(true);
    expect(matches({ q: 'evt-7' }, quiz)).toBe(true);
    expect(matches({ q: 'grace turing' }, quiz)).toBe(false);
  });
});

describe('exports', () => {
  const store = new EventStore({ schedule: () => undefined });
  store.applyHistoryPage(
    NO_FILTER,
    [
      incoming(1, makeEvent(1, { course: 1, learner: 0 })),
      incoming(2, makeEvent(2, { kind: 'quizAttempt' })),
    ],
    { hasMore: false },
  );
  const events = store.shownEvents();

  it('writes RFC 4180 CSV and defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
    const lines = toCsv(events).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'seq,id,kind,timestamp,learnerId,learnerEmail,learnerFirstName,learnerLastName,resourceType,resourceId,resourceTitle,topicId,summary,data',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2,evt-2,quizAttempt,2023-11-14T22:13:22\.000Z,/);
    expect(lines[2]).toContain(",course,cccccccc-0000-4000-8000-000000000002,'=Formulas for Fun,,");
  });

  it('writes NDJSON: one event per line, exactly as received', () => {
    const lines = toNdjson(events).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      makeEvent(2, { kind: 'quizAttempt' }),
      makeEvent(1, { course: 1, learner: 0 }),
    ]);
  });
});

describe('events per minute', () => {
  it('covers the last hour when live, the range (at most three hours) when one is set', () => {
    const now = Date.parse('2024-05-01T10:30:20Z');
    expect(chartWindow({ from: null, to: null }, now)).toEqual({
      start: Date.parse('2024-05-01T09:31:00Z'),
      end: Date.parse('2024-05-01T10:31:00Z'),
    });
    expect(
      chartWindow(
        { from: Date.parse('2024-05-01T00:00:00Z'), to: Date.parse('2024-05-01T06:00:00Z') },
        now,
      ),
    ).toEqual({
      start: Date.parse('2024-05-01T03:00:00Z'),
      end: Date.parse('2024-05-01T06:00:00Z'),
    });
  });

  it('counts shown events into one-minute buckets', () => {
    const start = Date.parse('2024-05-01T10:00:00Z');
    const store = new EventStore({ schedule: () => undefined });
    const times = [start, start + 59_999, start + MINUTE, start + 3 * MINUTE, start - 1];
    store.applyHistoryPage(
      NO_FILTER,
      times.map((timestamp, index) => incoming(index + 1, makeEvent(index + 1, { timestamp }))),
      {
        hasMore: false,
      },
    );
    expect(bucketPerMinute(store.getSnapshot(), { start, end: start + 3 * MINUTE })).toEqual([
      2, 1, 0,
    ]);
    expect([0, 1, 3, 7, 12, 180].map(niceMax)).toEqual([1, 1, 5, 10, 20, 200]);
  });
});

describe('connection label', () => {
  const feed = (patch: Partial<FeedState>): FeedState => ({
    link: 'live',
    detail: null,
    status: null,
    skewMs: 0,
    role: 'solo',
    ...patch,
  });
  const kind = {
    kind: 'quizAttempt',
    state: 'ok' as const,
    checkpoint: 1,
    lastSuccessAt: 1,
    lagMs: 0,
    error: null,
    errorAt: null,
    throttledUntil: null,
    nextPollAt: null,
    storedTotal: 0,
  };

  it('says live, reconnecting, or throttled upstream with the time until the next poll', () => {
    expect(connectionLabel(feed({}), 0).label).toBe('Live');
    expect(connectionLabel(feed({ link: 'reconnecting' }), 0).label).toBe('Reconnecting');
    const throttled = connectionLabel(
      feed({ status: { kinds: [kind], throttledUntil: 42_500 } }),
      10_000,
    );
    expect(throttled).toEqual({
      tone: 'warning',
      label: 'Throttled upstream',
      detail: 'The feed answered 429; next poll in 33 s',
    });
    // Once the time has passed it is live again, without waiting for a new status.
    expect(
      connectionLabel(feed({ status: { kinds: [kind], throttledUntil: 42_500 } }), 43_000).label,
    ).toBe('Live');
  });

  it('reports kinds whose polls fail', () => {
    const failing = {
      ...kind,
      state: 'retrying' as const,
      error: 'feed answered 500',
      nextPollAt: 5_000,
    };
    expect(
      connectionLabel(feed({ status: { kinds: [kind, failing], throttledUntil: null } }), 1_000),
    ).toEqual({
      tone: 'warning',
      label: 'Live, upstream errors',
      detail: '1 of 2 kinds failing; next poll in 4 s',
    });
  });
});
