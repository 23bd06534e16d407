// Exports of the filtered events, built in the browser: CSV for spreadsheets (with topic titles),
// NDJSON (one event per line, exactly as the feed sent it) for scripts.
import type { ResolvedName } from '#contract/console/names.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { StoredEvent } from './event-model.ts';
import { resourceOf } from './event-model.ts';
import { describeEvent } from './event-summary.ts';
import { knownTitle } from './names.ts';

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
  'topicTitle',
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

/**
 * Topic titles come from the console server (data/names.ts); a topic it could not name gets an empty
 * title and keeps its id.
 */
export function toCsv(
  events: readonly StoredEvent[],
  topics: ReadonlyMap<string, ResolvedName> = new Map(),
): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const { seq, event } of events) {
    const resource = resourceOf(event);
    const topic = event.topicId ? knownTitle(topics.get(event.topicId.toLowerCase())) : undefined;
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
        topic ?? null,
        describeEvent(event, topic),
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
  topics: ReadonlyMap<string, ResolvedName>,
  now = new Date(),
): string {
  const body = format === 'csv' ? toCsv(events, topics) : toNdjson(events);
  const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/x-ndjson;charset=utf-8';
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const name = `lectern-events-${stamp}.${format}`;
  saveFile(name, body, type);
  return name;
}
