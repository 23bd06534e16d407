// What the imports page needs of a file before any rows are parsed: the rows' state while none are
// typed, the URL check, and the rows as the `data:` URL that is sent. Parsing rows (Papa Parse and the
// contract's row schemas, import-rows.ts) loads after the first content or with the first rows.

export interface CheckedRows {
  /** The rows as they will be sent (valid or not: the API judges the whole file). */
  rows: Record<string, unknown>[];
  /** Every problem, each naming its row; the file can be sent only without any. */
  problems: string[];
  format: 'json' | 'csv';
}

/** No rows typed: nothing to parse, and nothing to send. */
export const NO_ROWS: CheckedRows = {
  rows: [],
  problems: ['Enter or pick the rows to import.'],
  format: 'csv',
};

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
