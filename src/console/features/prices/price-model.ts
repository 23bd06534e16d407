// The price grid's model, pure: every course with its current price (from the course index), the new
// prices the user typed or pasted (as text, keyed by course id), each checked, and the preview of what
// would change. Money is entered and shown in dollars and sent as cents (lib/money.ts).
import type { ContentSearchItem } from '#contract/schemas/read-models.ts';
import { parseMoney } from '../../lib/money.ts';

export interface PricedCourse {
  id: string;
  title: string;
  sku: string | null;
  status: ContentSearchItem['status'];
  priceInCents: number;
}

export interface CourseIndex {
  courses: readonly PricedCourse[];
  byId: ReadonlyMap<string, PricedCourse>;
  /** Lower-cased SKU -> course. */
  bySku: ReadonlyMap<string, PricedCourse>;
}

export function buildCourseIndex(items: readonly ContentSearchItem[]): CourseIndex {
  const courses: PricedCourse[] = [];
  const byId = new Map<string, PricedCourse>();
  const bySku = new Map<string, PricedCourse>();
  for (const item of items) {
    if (item.type !== 'courses' || byId.has(item.id)) continue;
    const course: PricedCourse = {
      id: item.id,
      title: item.title,
      sku: item.sku,
      status: item.status,
      // The contract guarantees a price for courses; 0 is what the API defaults to.
      priceInCents: item.priceInCents ?? 0,
    };
    courses.push(course);
    byId.set(course.id, course);
    if (course.sku) bySku.set(course.sku.toLowerCase(), course);
  }
  return { courses, byId, bySku };
}

/** New prices as typed, by course id. */
export type PriceEdits = Readonly<Record<string, string>>;

export type CheckedEdit =
  | { kind: 'change'; cents: number; delta: number }
  | { kind: 'same' }
  | { kind: 'invalid'; message: string };

export function checkEdit(course: PricedCourse, text: string): CheckedEdit {
  const reading = parseMoney(text);
  if (!reading.ok) return { kind: 'invalid', message: reading.message };
  if (reading.cents === course.priceInCents) return { kind: 'same' };
  return { kind: 'change', cents: reading.cents, delta: reading.cents - course.priceInCents };
}

export interface PriceChange {
  course: PricedCourse;
  cents: number;
}

export interface PricePreview {
  changes: PriceChange[];
  /** Courses whose typed price is not a price. */
  invalid: { course: PricedCourse; message: string }[];
  oldTotal: number;
  newTotal: number;
}

/** What applying the edits would change: only valid prices that differ from the current ones. */
export function previewPrices(index: CourseIndex, edits: PriceEdits): PricePreview {
  const preview: PricePreview = { changes: [], invalid: [], oldTotal: 0, newTotal: 0 };
  for (const [id, text] of Object.entries(edits)) {
    const course = index.byId.get(id);
    if (!course) continue;
    const checked = checkEdit(course, text);
    if (checked.kind === 'invalid') preview.invalid.push({ course, message: checked.message });
    if (checked.kind !== 'change') continue;
    preview.changes.push({ course, cents: checked.cents });
    preview.oldTotal += course.priceInCents;
    preview.newTotal += checked.cents;
  }
  return preview;
}
