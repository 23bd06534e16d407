// The events-per-minute chart's buckets and window.
import { describe, expect, it } from 'vitest';
import { NO_FILTER } from '../filters/event-filters.ts';
import { EventStore } from './event-store.ts';
import { bucketPerMinute, chartWindow, MINUTE, niceMax } from './per-minute.ts';
import { incoming, makeEvent } from './test-events.ts';

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
