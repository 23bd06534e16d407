import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.ts';
import { safeRedirect } from './safe-redirect.ts';
import { pollDelay } from './queries/jobs.ts';
import { nextCursor } from './queries/course-groups.ts';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads delay-seconds', () => expect(retryAfterMs('7', now)).toBe(7000));
  it('reads an HTTP-date', () =>
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000));
  it('never waits a negative time for a past date', () =>
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0));
  it('waits one second when the header is missing or unreadable', () => {
    expect(retryAfterMs(null, now)).toBe(1000);
    expect(retryAfterMs('soon', now)).toBe(1000);
  });
  it('caps absurd values at five minutes', () => expect(retryAfterMs('86400', now)).toBe(300_000));
});

describe('safeRedirect', () => {
  it('keeps same-origin paths with their search', () =>
    expect(safeRedirect('/course-groups?kind=video')).toBe('/course-groups?kind=video'));
  it('refuses other origins and protocol-relative URLs', () => {
    expect(safeRedirect('https://evil.example/')).toBe('/');
    expect(safeRedirect('//evil.example/')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
  });
  it('never loops back to sign-in', () => expect(safeRedirect('/sign-in?redirect=/')).toBe('/'));
});

describe('job polling backoff', () => {
  it('doubles from 1 s and stops growing at 15 s', () =>
    expect([0, 1, 2, 3, 4, 5, 10].map(pollDelay)).toEqual([
      1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]));
});

describe('cursor rule (spec 4.5)', () => {
  it('follows the cursor while hasMore, and stops on hasMore false even if a cursor came along', () => {
    expect(nextCursor({ perPage: 50, total: 120, hasMore: true, cursor: 'abc' })).toBe('abc');
    expect(
      nextCursor({ perPage: 20, total: 120, hasMore: false, cursor: 'stale' }),
    ).toBeUndefined();
  });
});
