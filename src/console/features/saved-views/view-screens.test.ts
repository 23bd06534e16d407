import { describe, expect, it } from 'vitest';
import { sameSearch, toViewSearch } from './view-screens.ts';

describe('saved view search', () => {
  it('keeps set values only', () => {
    expect(
      toViewSearch({ kinds: 'quizAttempt', learner: undefined, perPage: 50, archived: false }),
    ).toEqual({
      kinds: 'quizAttempt',
      perPage: 50,
      archived: false,
    });
  });

  it('compares whatever the order, an unset value equal to a missing one', () => {
    expect(sameSearch({ b: 2, a: 'x', c: undefined }, { a: 'x', b: 2 })).toBe(true);
    expect(sameSearch({ a: 'x' }, { a: 'x', b: 2 })).toBe(false);
    expect(sameSearch({ a: 'x', b: '2' }, { a: 'x', b: 2 })).toBe(false);
    expect(sameSearch({}, {})).toBe(true);
  });
});
