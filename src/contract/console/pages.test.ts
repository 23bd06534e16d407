import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CursorParam, encodeCursor, LimitParam, TimeParam } from './pages.ts';

describe('list parameters of the console API', () => {
  it('encodes cursors as base64url of the seq, and parses them back', () => {
    expect(encodeCursor(41)).toBe('NDE');
    expect(encodeCursor(1234)).toBe('MTIzNA');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (seq) => {
        expect(encodeCursor(seq)).toBe(Buffer.from(String(seq)).toString('base64url'));
        expect(CursorParam.parse(encodeCursor(seq))).toBe(seq);
      }),
    );
  });

  it('refuses a cursor no page gave out', () => {
    for (const cursor of ['', 'A', 'MA', 'YWJj', 'a/b', 'x'.repeat(33)])
      expect(CursorParam.safeParse(cursor).error?.issues[0]?.message).toBe(
        'must be a cursor returned by a previous page',
      );
  });

  it('takes times as epoch milliseconds or ISO 8601, and page sizes from 1 to 500', () => {
    expect(TimeParam.parse('1767268800000')).toBe(1767268800000);
    expect(TimeParam.parse('2026-01-01T12:00:00Z')).toBe(Date.parse('2026-01-01T12:00:00Z'));
    expect(TimeParam.safeParse('yesterday').error?.issues[0]?.message).toBe(
      'must be epoch milliseconds or an ISO 8601 date',
    );
    expect(LimitParam.parse(undefined)).toBe(50);
    expect(LimitParam.parse('500')).toBe(500);
    expect(LimitParam.safeParse('501').error?.issues[0]?.message).toBe('must be at most 500');
    expect(LimitParam.safeParse('2.5').error?.issues[0]?.message).toBe('must be a whole number');
  });
});
