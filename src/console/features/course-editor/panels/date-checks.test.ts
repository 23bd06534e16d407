import { describe, expect, it } from 'vitest';
import { dateWarnings } from './date-checks.ts';

describe('dateWarnings', () => {
  it('warns at the later field of each pair that crosses, and says the API accepts it', () => {
    expect(
      dateWarnings({
        enrollmentStartDate: '2026-03-01',
        enrollmentEndDate: '2026-02-01',
        courseStartDate: '2026-03-01T09:00:00Z',
        courseEndDate: '2026-03-01T08:59:59Z',
        gracePeriodEndDate: '2026-02-28',
      }),
    ).toEqual({
      enrollmentEndDate:
        'Enrollment closes before it opens. The API accepts it: check it before applying.',
      courseEndDate:
        'The course ends before it starts. The API accepts it: check it before applying.',
      gracePeriodEndDate:
        'The grace period ends before the course does. The API accepts it: check it before applying.',
    });
  });

  it('says nothing of dates in order, equal, missing or unreadable', () => {
    expect(
      dateWarnings({
        courseStartDate: '2026-03-01',
        courseEndDate: '2026-03-01',
        enrollmentStartDate: 'soon',
        enrollmentEndDate: '2026-01-01',
        gracePeriodEndDate: '2026-04-01',
      }),
    ).toEqual({});
  });
});
