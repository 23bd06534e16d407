// A change made on the server, in words for the conflict panel: what changed ("Topic “Welcome page”
// renamed", "Course · Description"), and each side's value as a person reads it (dollars, Yes/No,
// enum labels, "not set"), never as JSON where words will do.
import type { ServerChange } from '#compiler/index.ts';
import { fieldLabel, optionLabel } from '../../../lib/labels.ts';
import { KIND_WORD } from '../tree/node-names.ts';

export function changeWhat(change: ServerChange): string {
  const node =
    change.level === 'course'
      ? 'Course'
      : `${KIND_WORD[change.level]} “${change.kind === 'field' && change.field === 'title' ? String(change.opened ?? change.mine ?? change.title) : change.title}”`;
  const where = change.parentTitle ? ` in “${change.parentTitle}”` : '';
  switch (change.kind) {
    case 'added':
      return `${node}${where} added`;
    case 'removed':
      return `${node}${where} removed`;
    case 'moved':
      return `${node} moved to another ${change.level === 'topic' ? 'lesson' : 'section'}`;
    case 'order':
      return `Order of the ${change.level}s in ${change.level === 'section' ? 'the course' : `“${change.title}”`}`;
    case 'field': {
      if (change.field === 'title' && change.level !== 'course') return `${node}${where} renamed`;
      const field = change.field ?? '';
      const name = fieldLabel(field.split('.').at(-1) ?? field);
      return change.level === 'course' ? `Course · ${name}` : `${node}${where} · ${name}`;
    }
  }
}

/** One side's value: what a person reads, "not set" for nothing. */
export function changeValue(change: ServerChange, value: unknown): string {
  if (value === undefined || value === null) return change.kind === 'added' ? '—' : 'not set';
  const field = (change.field ?? '').split('.').at(-1) ?? '';
  if (change.kind === 'order' && Array.isArray(value))
    return value.map((t) => `“${String(t)}”`).join(', ');
  if (change.kind === 'moved') return `in “${String(value)}”`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'priceInCents' && typeof value === 'number')
    return (value / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') return optionLabel(field, value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  return JSON.stringify(value);
}
