// Rows for a bulk import, entered in the console: pasted or picked as CSV (a header row of field
// names) or as the JSON array itself, checked with the contract's row schema, and turned into the
// `data:` URL the sandbox imports. The spec does not show the file format; the rows are the sandbox's
// (its OpenAPI document: BulkImportCourseGroupRow, BulkImportSessionRow).
import Papa from 'papaparse';
import {
  BulkImportCourseGroupRow,
  BulkImportSessionRow,
  importRowProblems,
} from '#contract/schemas/bulk-import.ts';
import type { ImportTarget } from './import-choices.ts';

export const ROW_SCHEMAS = {
  courseGroup: BulkImportCourseGroupRow,
  session: BulkImportSessionRow,
} as const;

/** Fields holding whole numbers: a CSV cell of digits becomes a number. */
const NUMBER_FIELDS = new Set(['priceInCents', 'enrollmentLimit']);

export interface CheckedRows {
  /** The rows as they will be sent (valid or not: the API judges the whole file). */
  rows: Record<string, unknown>[];
  /** Every problem, each naming its row; the file can be sent only without any. */
  problems: string[];
  format: 'json' | 'csv';
}

export function readImportRows(text: string, target: ImportTarget): CheckedRows {
  const trimmed = text.trim();
  if (trimmed === '')
    return { rows: [], problems: ['Enter or pick the rows to import.'], format: 'csv' };
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) return fromJson(trimmed, target);
  return fromCsv(trimmed, target);
}

function fromJson(text: string, target: ImportTarget): CheckedRows {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      rows: [],
      problems: [`The JSON does not parse: ${(error as Error).message}`],
      format: 'json',
    };
  }
  const checked = importRowProblems(ROW_SCHEMAS[target], value);
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  return { rows, problems: checked.problems, format: 'json' };
}

function fromCsv(text: string, target: ImportTarget): CheckedRows {
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const problems = parsed.errors.map((error) => `Row ${(error.row ?? 0) + 1}: ${error.message}`);
  const rows = parsed.data.map((record) => {
    const row: Record<string, unknown> = {};
    for (const [field, raw] of Object.entries(record)) {
      const value = (raw ?? '').trim();
      if (field === '' || value === '') continue;
      row[field] = NUMBER_FIELDS.has(field) && /^\d+$/.test(value) ? Number(value) : value;
    }
    return row;
  });
  problems.push(...importRowProblems(ROW_SCHEMAS[target], rows).problems);
  return { rows, problems, format: 'csv' };
}

/** The file as a `data:` URL: the rows travel in the request itself. */
export const toDataUrl = (rows: readonly unknown[]): string =>
  `data:application/json,${encodeURIComponent(JSON.stringify(rows))}`;

/** What a URL typed by the user may be (the contract's `bulkImportAssetPath`). */
export function urlProblem(text: string): string | null {
  const value = text.trim();
  if (value === '') return 'Enter the URL of the import file.';
  if (value.startsWith('data:')) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? null
      : 'Use an http(s) URL the instance can fetch.';
  } catch {
    return 'This is not a URL. Write it like https://files.example.test/sessions.json';
  }
}
