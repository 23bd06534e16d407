// Exports of the filtered events, built in the browser: CSV for spreadsheets, NDJSON (one event per
// line, exactly as the feed sent it) for scripts.
import { saveFile } from '../../../lib/save-file.ts';
import type { StoredEvent } from './event-model.ts';
import { resourceOf } from './event-model.ts';
import { describeEvent } from './event-summary.ts';

export const CSV_COLUMNS = [
  'seq',
  'id',
  'kind',
  'timestamp',
  'learnerId',
  'learnerEmail',
  'learnerFirstName',
  'learnerLastName',
  'resourceType',
  'resourceId',
  'resourceTitle',
  'topicId',
  'summary',
  'data',
] as const;

/**
 * RFC 4180 quoting. A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading
 * apostrophe (OWASP "CSV injection"): titles and names come from users.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(events: readonly StoredEvent[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const { seq, event } of events) {
    const resource = resourceOf(event);
    lines.push(
      [
        seq,
        event.id,
        event.kind,
        new Date(event.timestamp).toISOString(),
        event.learner.id,
        event.learner.email,
        event.learner.firstName,
        event.learner.lastName,
        resource.type,
        resource.id,
        resource.title,
        event.topicId,
        describeEvent(event),
        JSON.stringify(event.data),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function toNdjson(events: readonly StoredEvent[]): string {
  let out = '';
  for (const { event } of events) out += `${JSON.stringify(event)}\n`;
  return out;
}

export type ExportFormat = 'csv' | 'ndjson';

/** Saves the events as a file, built in the browser; returns the file's name. */
export function downloadEvents(
  events: readonly StoredEvent[],
  format: ExportFormat,
  now = new Date(),
): string {
  const body = format === 'csv' ? toCsv(events) : toNdjson(events);
  const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/x-ndjson;charset=utf-8';
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const name = `lectern-events-${stamp}.${format}`;
  saveFile(name, body, type);
  return name;
}
