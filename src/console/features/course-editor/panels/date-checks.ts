// The course's dates checked against each other. The API accepts them in any order (spec 2.2 sets
// no rule between them), so these are warnings at the fields, never problems that stop an apply: a
// course that ends before it starts is most likely a slip of the keyboard, and the field says so.
import type { DraftAttributes } from '#compiler/index.ts';

type DateField =
  | 'enrollmentStartDate'
  | 'enrollmentEndDate'
  | 'courseStartDate'
  | 'courseEndDate'
  | 'gracePeriodEndDate';

const NOTE = 'The API accepts it: check it before applying.';

/** Each pair: the later date's field, the earlier one's, and what it means when they cross. */
const ORDER: { later: DateField; earlier: DateField; says: string }[] = [
  { later: 'courseEndDate', earlier: 'courseStartDate', says: 'The course ends before it starts.' },
  {
    later: 'enrollmentEndDate',
    earlier: 'enrollmentStartDate',
    says: 'Enrollment closes before it opens.',
  },
  {
    later: 'gracePeriodEndDate',
    earlier: 'courseEndDate',
    says: 'The grace period ends before the course does.',
  },
];

const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** The warnings by the field where each shows (the later date of a pair that crosses). */
export function dateWarnings(
  attributes: Partial<Record<DateField, unknown>> | DraftAttributes,
): Partial<Record<string, string>> {
  const warnings: Partial<Record<string, string>> = {};
  const dates = attributes as Partial<Record<DateField, unknown>>;
  for (const { later, earlier, says } of ORDER) {
    const end = time(dates[later]);
    const start = time(dates[earlier]);
    if (end < start) warnings[later] = `${says} ${NOTE}`;
  }
  return warnings;
}
