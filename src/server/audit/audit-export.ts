// Audit export as CSV (spreadsheet-safe: cells that a spreadsheet would evaluate are prefixed with ')
// or NDJSON, one entry per line, generated row by row.
import type { AuditEntry } from '#contract/console/audit.ts';
import type { AuditRecord } from '../storage/audit-repository.ts';

export const AUDIT_COLUMNS = [
  'seq',
  'at',
  'serverName',
  'userEmail',
  'role',
  'clientAddress',
  'method',
  'route',
  'path',
  'operation',
  'summary',
  'bodySha256',
  'bodyBytes',
  'outcome',
  'status',
  'upstreamStatus',
  'jobId',
  'refusal',
  'durationMs',
  'subjects',
  'signedInWith',
] as const;

/** A stored entry as the contract's AuditEntry: the time as ISO 8601. */
export const toPublicEntry = (entry: AuditRecord): AuditEntry => ({
  ...entry,
  at: new Date(entry.at).toISOString(),
});

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export async function* auditCsv(entries: AsyncIterable<AuditRecord>): AsyncGenerator<string> {
  yield `${AUDIT_COLUMNS.join(',')}\r\n`;
  for await (const entry of entries) {
    const row = toPublicEntry(entry) as Record<string, unknown>;
    yield `${AUDIT_COLUMNS.map((column) => csvCell(row[column])).join(',')}\r\n`;
  }
}

export async function* auditNdjson(entries: AsyncIterable<AuditRecord>): AsyncGenerator<string> {
  for await (const entry of entries) yield `${JSON.stringify(toPublicEntry(entry))}\n`;
}
