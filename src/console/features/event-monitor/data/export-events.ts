// Exports of the filtered events, built in the browser: CSV for spreadsheets (with current titles),
// NDJSON (one event per line, exactly as the feed sent it) for scripts.
import type { ResolvedName } from '#contract/console/names.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { StoredEvent } from './event-model.ts';
import { resourceOf } from './event-model.ts';
import { describeEvent } from './event-summary.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { eventTitles, knownTitle, titleIn } from './names.ts';

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
  'resourceCurrentTitle',
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

/** What the current-title cell says of a course or learning path the instance no longer has. */
export const GONE_TITLE = '(not on the instance: deleted or never there)';

/**
 * `resourceTitle` is the title the event carried; `resourceCurrentTitle` and `topicTitle` come from the
 * console server (data/names.ts, `titles` from `eventTitles`). An item it could not name gets an empty
 * cell and keeps its id; a course or learning path the instance says is gone says so.
 */
export function toCsv(
  events: readonly StoredEvent[],
  titles: ReadonlyMap<string, ResolvedName> = new Map(),
): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const { seq, event } of events) {
    const resource = resourceOf(event);
    const current = titleIn(titles, resource.type, resource.id);
    const topic = knownTitle(titleIn(titles, 'topic', event.topicId));
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
        current?.state === 'missing' ? GONE_TITLE : (knownTitle(current) ?? null),
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
  titles: ReadonlyMap<string, ResolvedName>,
  now = new Date(),
  prefix = 'lectern-events',
): string {
  const body = format === 'csv' ? toCsv(events, titles) : toNdjson(events);
  const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/x-ndjson;charset=utf-8';
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const name = `${prefix}-${stamp}.${format}`;
  saveFile(name, body, type);
  return name;
}

/** The current titles a CSV export names; when they cannot be looked up, it says so and goes without. */
export async function exportTitles(
  events: readonly StoredEvent[],
): Promise<Map<string, ResolvedName>> {
  try {
    return await eventTitles(events.map((item) => item.event));
  } catch {
    toast.error(
      'Current titles could not be looked up: the export has the titles the events carried and topics by id only.',
    );
    return new Map();
  }
}
