// The monitor's URL search params: validated, normalized, and turned into the filter and the relay's query.
import { describe, expect, it } from 'vitest';
import { filterFromSearch, historyQuery } from './event-filters.ts';
import { MonitorSearch } from './monitor-search.ts';

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
      q: 'x',
    });
  });
});
