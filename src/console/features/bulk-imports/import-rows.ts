// Rows for a bulk import, entered in the console: pasted or picked as CSV (a header row of field
// names) or as the JSON array itself, and checked with the contract's row schema (sent as a `data:` URL,
// import-source.ts). The spec does not show the file format; the rows are the sandbox's
// (its OpenAPI document: BulkImportCourseGroupRow, BulkImportSessionRow). Loaded after the page's first
// content, or with the first rows (Papa Parse and the row schemas: issue 27).
import Papa from 'papaparse';
import {
  BulkImportCourseGroupRow,
  BulkImportSessionRow,
  importRowProblems,
} from '#contract/schemas/bulk-import.ts';
import type { ImportTarget } from './import-choices.ts';
import { NO_ROWS, type CheckedRows } from './import-source.ts';

export const ROW_SCHEMAS = {
  courseGroup: BulkImportCourseGroupRow,
  session: BulkImportSessionRow,
} as const;

/** Fields holding whole numbers: a CSV cell of digits becomes a number. */
const NUMBER_FIELDS = new Set(['priceInCents', 'enrollmentLimit']);

export function readImportRows(text: string, target: ImportTarget): CheckedRows {
  const trimmed = text.trim();
  if (trimmed === '') return NO_ROWS;
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
