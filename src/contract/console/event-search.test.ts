import { describe, expect, it } from 'vitest';
import {
  EVENT_SEARCH_MESSAGES,
  EventSearchParam,
  eventSearchMatcher,
  eventValueWords,
  formatEventSearch,
  parseEventSearch,
  searchWords,
} from './event-search.ts';

const parse = (text: string) => {
  const parsed = parseEventSearch(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.search;
};

const quiz = {
  id: 'ev-1',
  kind: 'quizAttempt',
  timestamp: 1_700_000_000_000,
  learner: {
    id: 'e52fdbb5-9a1c-4c1e-8f00-0c6a3b2d1e11',
    email: 'Ann.Lee@school.test',
    firstName: 'Ann',
    lastName: 'Lée',
  },
  course: { id: 'c-1', title: 'Fire Safety: the basics' },
  data: { passed: false, score: 42.5, passingScore: 70 },
};

describe('event search', () => {
  it('splits text into lower-case words of letters and digits', () => {
    expect(searchWords('Ann.Lee@school.test')).toEqual(['ann', 'lee', 'school', 'test']);
    expect(searchWords('Fire Safety: the basics')).toEqual(['fire', 'safety', 'the', 'basics']);
    expect(searchWords('Lée Ünal 42.5')).toEqual(['lée', 'ünal', '42', '5']);
    expect(searchWords(' -- ')).toEqual([]);
  });

  it('reads words, quoted phrases, exclusions and or-groups', () => {
    expect(parse('ann  lee')).toEqual({ groups: [{ include: [['ann'], ['lee']], exclude: [] }] });
    expect(parse('"fire safety" -drills')).toEqual({
      groups: [{ include: [['fire', 'safety']], exclude: [['drills']] }],
    });
    expect(parse('ann lee OR bob')).toEqual({
      groups: [
        { include: [['ann'], ['lee']], exclude: [] },
        { include: [['bob']], exclude: [] },
      ],
    });
    // An email or an id is a phrase of its parts; an unclosed quote runs to the end.
    expect(parse('ann.lee@school.test')).toEqual({
      groups: [{ include: [['ann', 'lee', 'school', 'test']], exclude: [] }],
    });
    expect(parse('"fire saf')).toEqual({ groups: [{ include: [['fire', 'saf']], exclude: [] }] });
    // `or` at the edges, or twice, separates nothing; a quoted "or" is a word.
    expect(parse('or ann or or bob or')).toEqual(parse('ann or bob'));
    expect(parse('"or"')).toEqual({ groups: [{ include: [['or']], exclude: [] }] });
  });

  it('refuses a search with nothing to find', () => {
    expect(parseEventSearch('  ?! ')).toEqual({
      ok: false,
      message: EVENT_SEARCH_MESSAGES.noWords,
    });
    expect(parseEventSearch('-drills')).toEqual({
      ok: false,
      message: EVENT_SEARCH_MESSAGES.onlyExcluded,
    });
    expect(parseEventSearch('ann or -bob')).toEqual({
      ok: false,
      message: EVENT_SEARCH_MESSAGES.onlyExcluded,
    });
    expect(parseEventSearch(Array.from({ length: 17 }, (_, i) => `w${i}`).join(' '))).toEqual({
      ok: false,
      message: EVENT_SEARCH_MESSAGES.tooMany,
    });
    const param = EventSearchParam.safeParse('-x');
    expect(param.success).toBe(false);
    expect(param.error?.issues[0]?.message).toBe(EVENT_SEARCH_MESSAGES.onlyExcluded);
    expect(EventSearchParam.safeParse('x'.repeat(201)).success).toBe(false);
  });

  it('matches the values of an event, never its field names', () => {
    const matches = (text: string) => eventSearchMatcher(parse(text))(quiz);
    expect(eventValueWords(quiz)).toContain('e52fdbb5');
    expect(matches('ann')).toBe(true);
    expect(matches('ANN LÉE')).toBe(true);
    expect(matches('lee')).toBe(true); // in the email
    expect(matches('an')).toBe(false); // whole words
    expect(matches('passed')).toBe(false); // a field name, not a value
    expect(matches('quizattempt')).toBe(true);
    expect(matches('42.5')).toBe(true);
    expect(matches('e52fdbb5-9a1c-4c1e-8f00-0c6a3b2d1e11')).toBe(true);
    expect(matches('"safety fire"')).toBe(false);
    expect(matches('"fire safety"')).toBe(true);
    expect(matches('fire -basics')).toBe(false);
    expect(matches('bob or basics')).toBe(true);
    expect(matches('bob or (basics')).toBe(true);
  });

  it('writes a search back in the syntax websearch_to_tsquery reads', () => {
    expect(formatEventSearch(parse('ann "Fire  Safety" -drills or Bob.Smith'))).toBe(
      '"ann" "fire safety" -"drills" or "bob smith"',
    );
    expect(parse(formatEventSearch(parse('a -b or "c d"')))).toEqual(parse('a -b or "c d"'));
  });
});
