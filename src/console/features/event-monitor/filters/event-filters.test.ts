// The client-side matcher agrees with the relay's history filter on what "matches" means.
import { describe, expect, it } from 'vitest';
import { COURSES, makeEvent, PATHS } from '../data/test-events.ts';
import {
  createMatcher,
  filterFromSearch,
  freeText,
  historyQuery,
  serverFilterKey,
} from './event-filters.ts';
import { MonitorSearch } from './monitor-search.ts';

const matches = (search: Record<string, unknown>, event = makeEvent(1, { learner: 0 })) => {
  const matcher = createMatcher(filterFromSearch(MonitorSearch.parse(search)));
  return matcher.base(event) && matcher.kind(event);
};

describe('matching, as the relay does', () => {
  it('matches a learner by id, whole email (any case) or part of the name', () => {
    const event = makeEvent(1, { learner: 0 });
    expect(matches({ learner: event.learner.id })).toBe(true);
    expect(matches({ learner: 'ADA@example.test' })).toBe(true);
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

  it('searches whole words of the free text in the values, as the server does', () => {
    const quiz = makeEvent(7, { kind: 'quizAttempt', learner: 1 });
    expect(matches({ q: 'grace compilers' }, quiz)).toBe(true);
    expect(matches({ q: 'quizattempt 82.5' }, quiz)).toBe(true);
    expect(matches({ q: 'evt-7' }, quiz)).toBe(true);
    expect(matches({ q: 'grace turing' }, quiz)).toBe(false);
    expect(matches({ q: 'grac' }, quiz)).toBe(false);
    expect(matches({ q: 'grace -compilers' }, quiz)).toBe(false);
    expect(matches({ q: 'turing or compilers' }, quiz)).toBe(true);
  });

  it('sends the free text to the history endpoint, and keys the history by its meaning', () => {
    const filter = (q: string) => filterFromSearch(MonitorSearch.parse({ q }));
    expect(historyQuery(filter('Grace  compilers')).q).toBe('Grace  compilers');
    expect(serverFilterKey(filter('Grace  compilers'))).toBe(
      serverFilterKey(filter('grace compilers')),
    );
    expect(serverFilterKey(filter('grace'))).not.toBe(serverFilterKey(filter('compilers')));
    // Only -words: not a search; the filter bar says why and nothing is sent.
    expect(historyQuery(filter('-grace')).q).toBeUndefined();
    expect(freeText('-grace').problem).toBe(
      'each part of the search needs a word to find (a word after - only leaves events out)',
    );
  });
});
