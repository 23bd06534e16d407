// CSV and NDJSON exports of the shown events.
import { describe, expect, it } from 'vitest';
import { NO_FILTER } from '../filters/event-filters.ts';
import { EventStore } from './event-store.ts';
import { csvCell, GONE_TITLE, toCsv, toNdjson } from './export-events.ts';
import { incoming, makeEvent } from './test-events.ts';

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
      'seq,id,kind,timestamp,learnerId,learnerEmail,learnerFirstName,learnerLastName,resourceType,resourceId,resourceTitle,resourceCurrentTitle,topicId,topicTitle,summary,data',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2,evt-2,quizAttempt,2023-11-14T22:13:22\.000Z,/);
    expect(lines[2]).toContain(
      ",course,cccccccc-0000-4000-8000-000000000002,'=Formulas for Fun,,,,",
    );
  });

  it('names the topic of a quiz attempt when the console server knows it, and says nothing it does not', () => {
    const quiz = events.find((item) => item.event.topicId)!;
    const topicId = quiz.event.topicId!;
    const found = toCsv(
      events,
      new Map([
        [
          `topic:${topicId}`,
          {
            type: 'topic' as const,
            id: topicId,
            state: 'found' as const,
            title: 'Pointers, =gently',
            courseId: null,
            checkedAt: 1,
            message: null,
          },
        ],
      ]),
    );
    expect(found).toContain(`,${topicId},"Pointers, =gently",`);
    expect(found).toContain('the quiz “Pointers, =gently” in');
    const missing = toCsv(
      events,
      new Map([
        [
          `topic:${topicId}`,
          {
            type: 'topic' as const,
            id: topicId,
            state: 'missing' as const,
            title: null,
            courseId: null,
            checkedAt: 1,
            message: null,
          },
        ],
      ]),
    );
    expect(missing).toContain(`,${topicId},,`);
    expect(missing).toContain(' a quiz in ');
  });

  it("gives a course's current title beside the one the event carried, and says when it is gone", () => {
    const course = events.find((item) => item.event.course?.title === '=Formulas for Fun')!;
    const id = course.event.course!.id;
    const answer = (state: 'found' | 'missing', title: string | null) =>
      new Map([
        [
          `course:${id}`,
          {
            type: 'course' as const,
            id,
            state,
            title,
            courseId: null,
            checkedAt: 1,
            message: null,
          },
        ],
      ]);
    expect(toCsv(events, answer('found', 'Formulas, renamed'))).toContain(
      `,course,${id},'=Formulas for Fun,"Formulas, renamed",,`,
    );
    expect(toCsv(events, answer('missing', null))).toContain(
      `,course,${id},'=Formulas for Fun,${GONE_TITLE},,`,
    );
  });

  it('writes NDJSON: one event per line, exactly as received', () => {
    const lines = toNdjson(events).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      makeEvent(2, { kind: 'quizAttempt' }),
      makeEvent(1, { course: 1, learner: 0 }),
    ]);
  });
});
