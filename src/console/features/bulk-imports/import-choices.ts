// The four bulk imports (spec 4.4) as one choice each; kept apart from the page because the route's
// URL check imports it eagerly.
import type { BulkImportEventKind } from '#contract/schemas/bulk-import.ts';
import { BULK_IMPORT_LABELS } from '../../lib/labels.ts';

export type ImportTarget = 'courseGroup' | 'session';

export const IMPORT_CHOICES = [
  'courseGroup.webinar',
  'courseGroup.inPersonEvent',
  'session.webinar',
  'session.inPersonEvent',
] as const;
export type ImportChoice = (typeof IMPORT_CHOICES)[number];

export const splitChoice = (choice: ImportChoice) => {
  const [target, eventKind] = choice.split('.') as [ImportTarget, BulkImportEventKind];
  return { target, eventKind, label: BULK_IMPORT_LABELS[target][eventKind] };
};
