// A bulk import choice's target, event kind and label (apart from import-choices.ts, which the
// route's URL check loads with the shell).
import type { BulkImportEventKind } from '#contract/schemas/bulk-import.ts';
import { BULK_IMPORT_LABELS } from '../../lib/labels/jobs.ts';
import type { ImportChoice, ImportTarget } from './import-choices.ts';

export const splitChoice = (choice: ImportChoice) => {
  const [target, eventKind] = choice.split('.') as [ImportTarget, BulkImportEventKind];
  return { target, eventKind, label: BULK_IMPORT_LABELS[target][eventKind] };
};
