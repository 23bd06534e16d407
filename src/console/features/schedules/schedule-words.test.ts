import { describe, expect, it } from 'vitest';
import { formatScheduleTime, runAtProblem, scheduleNotes } from './schedule-words.ts';

describe('scheduled actions in words', () => {
  it('says the time in the given zone, the zone named', () => {
    expect(formatScheduleTime('2031-03-04T09:30:00.000Z', 'Europe/Paris')).toBe(
      'Mar 4, 2031, 10:30 AM GMT+1',
    );
    expect(formatScheduleTime('2031-07-04T09:30:00.000Z', 'America/New_York')).toBe(
      'Jul 4, 2031, 5:30 AM EDT',
    );
  });

  it('checks the typed date and time before sending', () => {
    const now = new Date('2031-03-04T10:00').getTime();
    expect(runAtProblem('', now)).toBe('Choose a date and time.');
    expect(runAtProblem('2031-03-04T09:59', now)).toBe('Choose a time in the future.');
    expect(runAtProblem('2031-03-04T10:01', now)).toBeNull();
  });

  it('says a late run and a cancellation beside the outcome', () => {
    const base = { ranLate: false, cancelledBy: null, outcome: null };
    expect(scheduleNotes({ ...base } as never)).toEqual([]);
    expect(
      scheduleNotes({ ...base, ranLate: true, outcome: '1 item published.' } as never),
    ).toEqual(['Ran late: every console server was down at its time.', '1 item published.']);
    expect(scheduleNotes({ ...base, cancelledBy: 'a@lectern.test' } as never)).toEqual([
      'Cancelled by a@lectern.test.',
    ]);
  });
});
