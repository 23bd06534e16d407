// Events per minute for the chart: the window, its one-minute buckets, and the scale's round maximum.
import type { MonitorFilter } from '../filters/event-filters.ts';
import type { MonitorSnapshot } from './event-store.ts';

export const MINUTE = 60_000;
const LIVE_WINDOW_MINUTES = 60;
const MAX_WINDOW_MINUTES = 180;

export interface ChartWindow {
  start: number;
  end: number;
}

/**
 * The time window the chart covers: the filter's range when one is set (its latest three hours at
 * most), otherwise the last hour up to now.
 */
export function chartWindow(filter: Pick<MonitorFilter, 'from' | 'to'>, now: number): ChartWindow {
  const end = Math.ceil((filter.to ?? now) / MINUTE) * MINUTE;
  const longest = end - MAX_WINDOW_MINUTES * MINUTE;
  const start =
    filter.from !== null
      ? Math.max(Math.floor(filter.from / MINUTE) * MINUTE, longest)
      : end - LIVE_WINDOW_MINUTES * MINUTE;
  return { start: Math.min(start, end - MINUTE), end };
}

/** Counts the shown events per minute of the window (index 0 = the oldest minute). */
export function bucketPerMinute(snapshot: MonitorSnapshot, window: ChartWindow): number[] {
  const buckets = new Array<number>(Math.round((window.end - window.start) / MINUTE)).fill(0);
  for (let i = 0; i < snapshot.count; i++) {
    const timestamp = snapshot.at(i).event.timestamp;
    if (timestamp < window.start || timestamp >= window.end) continue;
    buckets[Math.floor((timestamp - window.start) / MINUTE)]! += 1;
  }
  return buckets;
}

/** 1, 2, 5, 10, 20, 50...: a scale maximum at or above `value`. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}
