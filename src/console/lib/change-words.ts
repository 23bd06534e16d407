// Old -> new values in words, for the audit's Touched column and the history's comparisons: a price
// in money, a status as its label, a criterion as its type and value, a translation as its language and
// units. Pure, so the words are tested without a browser.
import type { AuditChange } from '#contract/console/audit.ts';
import type { HistoryChangeKind } from '#contract/console/history.ts';
import { formatCount, formatDateTime, plural } from './format.ts';
import { STATUS_LABELS, labelFor } from './labels/catalog.ts';
import { COMPLETION_CRITERIA_LABELS } from './labels/criteria.ts';
import { fieldLabel } from './labels/fields.ts';
import { formatCents } from './money.ts';

export const CHANGE_KIND_LABELS: Record<HistoryChangeKind, string> = {
  create: 'Created',
  edit: 'Edited',
  status: 'Status changed',
  archive: 'Archived',
  unarchive: 'Restored from the archive',
  price: 'Price changed',
  criteria: 'Completion criteria changed',
  translation: 'Translation uploaded',
};

const NODE_LABELS = { section: 'Section', lesson: 'Lesson', topic: 'Topic' } as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function criterionText(value: unknown): string {
  if (!isObject(value) || typeof value.type !== 'string') return 'none';
  const type = labelFor(COMPLETION_CRITERIA_LABELS, value.type);
  const detail = value.value;
  if (detail === null || detail === undefined || detail === '') return type;
  return typeof detail === 'number'
    ? `${type}: ${formatCount(detail)}%`
    : `${type}: ${String(detail)}`;
}

/** A field's value in words (a price as money, a status as its label, a date as a local date). */
export function valueWords(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return 'none';
  if (field === 'priceInCents' && typeof value === 'number') return formatCents(value);
  if (field === 'status' && typeof value === 'string') return labelFor(STATUS_LABELS, value);
  if (field === 'archived') return value === true ? 'archived' : 'not archived';
  if (field === 'completionCriteria') return criterionText(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) return formatDateTime(value);
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 77)}…` : value;
  if (typeof value === 'number') return formatCount(value);
  if (Array.isArray(value)) return plural(value.length, 'item');
  return 'changed';
}

/** One audit change as a line: "Price: $10.00 → $12.50", "Lesson “Intro”: renamed to “Welcome”". */
export function auditChangeWords(change: AuditChange): string {
  if (change.field === 'translation' && isObject(change.after)) {
    const { language, units, changed } = change.after as {
      language: string;
      units: number;
      changed: number;
    };
    return `Translation (${language}): ${plural(units, 'unit')}, ${formatCount(changed)} changed`;
  }
  if (change.field === 'title' && change.node)
    return `${NODE_LABELS[change.node.kind]} “${change.node.title}” renamed to “${String(change.after)}”`;
  if (change.field === 'title')
    return `Renamed from “${String(change.before)}” to “${String(change.after)}”`;
  const label =
    change.field === 'completionCriteria' ? 'Completion criterion' : fieldLabel(change.field);
  if (!('before' in change)) return `${label}: ${valueWords(change.field, change.after)} (new)`;
  return `${label}: ${valueWords(change.field, change.before)} → ${valueWords(change.field, change.after)}`;
}
