// Numbers, dates and counts as every screen writes them (words for wire values are in labels.ts).
// The formatters are built on first use (`once`), not when a route's chunk is imported.
import { once } from './once.ts';

const numberFormat = once(() => new Intl.NumberFormat('en'));
export const formatCount = (value: number): string => numberFormat().format(value);

const dateTimeFormat = once(
  () => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }),
);
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateTimeFormat().format(date);
}

export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

const timeFormat = once(() => new Intl.DateTimeFormat('en', { timeStyle: 'short' }));
const dateFormat = once(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }));
/** A time today as "6:02 PM"; another day's as "Nov 24, 2026, 6:02 PM". */
export function formatTime(value: string | number, now: number = Date.now()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat().format(date) === dateFormat().format(now)
    ? timeFormat().format(date)
    : dateTimeFormat().format(date);
}
