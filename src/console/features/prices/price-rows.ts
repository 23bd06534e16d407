// Rows of prices pasted or read from a file, parsed with Papa Parse: its own module, imported when rows
// are first applied (or just after the page's first content), since the grid needs none of it to show.
import Papa from 'papaparse';
import { parseMoney } from '../../lib/money.ts';
import type { CourseIndex } from './price-model.ts';

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
