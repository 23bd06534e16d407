// The price grid's model, pure: every course with its current price (from the course index), the new
// prices the user typed or pasted (as text, keyed by course id), each checked, and the preview of what
// would change. Money is entered and shown in dollars and sent as cents (lib/money.ts).
import Papa from 'papaparse';
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

export interface PastedRows {
  /** Resolved rows as edits (a course named twice keeps its last price). */
  edits: Record<string, string>;
  /** Rows that could not be applied, each saying why (1-based row numbers). */
  problems: string[];
  rows: number;
}

const HEADER_KEYS = /^(sku|id|course ?id|courseid|sku or course id|course)$/i;

/**
 * Each line split on its own separator: a tab, else a semicolon, else a comma. Rows typed by hand and
 * rows pasted from a spreadsheet meet in one box, so one separator for the whole text is not enough.
 */
function splitRows(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const delimiter = line.includes('\t') ? '\t' : line.includes(';') ? ';' : ',';
      return Papa.parse<string[]>(line, { delimiter }).data[0] ?? [];
    });
}

/**
 * Rows of `sku or course id, price`, pasted from a spreadsheet (tabs) or read from a CSV file (commas
 * or semicolons). A header row is recognised and skipped. Unknown SKUs or ids, missing and bad prices
 * are flagged with their row; nothing about them reaches the grid.
 */
export function parsePriceRows(text: string, index: CourseIndex): PastedRows {
  const result: PastedRows = { edits: {}, problems: [], rows: 0 };
  const seenAt = new Map<string, number>();
  splitRows(text).forEach((cells, position) => {
    const row = position + 1;
    const [rawKey = '', rawPrice = '', ...rest] = cells.map((cell) => cell.trim());
    if (row === 1 && HEADER_KEYS.test(rawKey) && !parseMoney(rawPrice).ok) return;
    result.rows++;
    if (rest.some((cell) => cell !== '')) {
      result.problems.push(
        `Row ${row}: ${cells.length} columns; expected a SKU or course id, then a price (quote a price that contains commas).`,
      );
      return;
    }
    if (rawKey === '') {
      result.problems.push(`Row ${row}: no SKU or course id.`);
      return;
    }
    const course = index.byId.get(rawKey.toLowerCase()) ?? index.bySku.get(rawKey.toLowerCase());
    if (!course) {
      result.problems.push(`Row ${row}: no course has the SKU or id “${rawKey}”.`);
      return;
    }
    const reading = parseMoney(rawPrice);
    if (!reading.ok) {
      result.problems.push(`Row ${row} (${rawKey}): ${reading.message}`);
      return;
    }
    const earlier = seenAt.get(course.id);
    if (earlier !== undefined)
      result.problems.push(
        `Row ${row}: “${rawKey}” was already in row ${earlier}; the price of row ${row} is used.`,
      );
    seenAt.set(course.id, row);
    result.edits[course.id] = rawPrice;
  });
  return result;
}
