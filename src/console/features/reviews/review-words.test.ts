import { describe, expect, it } from 'vitest';
import type { PublishRequest } from '#contract/console/reviews.ts';
import { changeRange, checksWords, courseChangeWords } from './review-words.ts';

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

describe('checksWords', () => {
  const report = (error: number, warning: number) =>
    ({ counts: { error, warning, note: 3 } }) as NonNullable<PublishRequest['checksReport']>;
  it('counts errors and warnings, or says there were none', () => {
    expect(checksWords(report(2, 1))).toBe('The course checks found 2 errors and 1 warning.');
    expect(checksWords(report(0, 0))).toBe('The course checks found no errors or warnings.');
    expect(checksWords(null)).toBe(
      'No checks report: the course checks were not available when it was asked.',
    );
  });
});

describe('courseChangeWords', () => {
  const counts = {
    sections: 2,
    lessons: 3,
    topics: 4,
    added: 2,
    removed: 0,
    moved: 1,
    reordered: 0,
    renamed: 1,
    changed: 0,
    courseFields: 1,
    criteria: 0,
  };
  const course = { courseId: 'c', title: 'Basics', changed: false };
  it('says what changed since the last published version, or since the first', () => {
    expect(courseChangeWords({ ...course, version: 7, publishedVersion: 3, counts })).toBe(
      'Since the last published version (3): 2 added, 1 moved, 1 renamed, 1 course field.',
    );
    expect(courseChangeWords({ ...course, version: 2, publishedVersion: null, counts })).toBe(
      'Never published; since its first version: 2 added, 1 moved, 1 renamed, 1 course field.',
    );
  });
  it('says why there is nothing to show', () => {
    expect(
      courseChangeWords({ ...course, version: null, publishedVersion: null, counts: null }),
    ).toBe('Lectern kept no version of this course yet.');
    expect(courseChangeWords({ ...course, version: 4, publishedVersion: 4, counts: null })).toBe(
      'Nothing changed since the last published version.',
    );
  });
});
