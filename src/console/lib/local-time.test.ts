// The datetime-local control's value and back.
import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time.ts';

describe('local datetime inputs', () => {
  it('round-trips a minute-precise time through the input format', () => {
    const iso = new Date(2026, 0, 2, 3, 4).toISOString();
    expect(toLocalInput(iso)).toBe('2026-01-02T03:04');
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });

  it('takes epoch milliseconds as well (the event monitor keeps its range in them)', () => {
    const ms = new Date(2026, 4, 1, 10, 0).getTime();
    expect(toLocalInput(ms)).toBe('2026-05-01T10:00');
    expect(fromLocalInput(toLocalInput(ms))).toBe(new Date(ms).toISOString());
  });

  it('treats empty and invalid values as no bound', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput(undefined)).toBe('');
    expect(toLocalInput('nope')).toBe('');
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('not a date')).toBeUndefined();
  });
});
