import { describe, expect, it } from 'vitest';
import { changeRange } from './review-words.ts';

describe('changeRange', () => {
  it('compares the last published version with the one asked for', () => {
    expect(changeRange({ version: 5, publishedVersion: 2 })).toEqual({ from: 2, to: 5 });
  });
  it('compares from the first version when none was published', () => {
    expect(changeRange({ version: 3, publishedVersion: null })).toEqual({ from: 1, to: 3 });
    expect(changeRange({ version: 1, publishedVersion: null })).toEqual({ from: 1, to: 1 });
  });
  it('says why there is nothing to compare', () => {
    expect(changeRange({ version: null, publishedVersion: null })).toBe(
      'Lectern kept no version of this course yet.',
    );
    expect(changeRange({ version: 4, publishedVersion: 4 })).toBe(
      'Nothing changed since the last published version.',
    );
  });
});
