// A form's enum choices in words, by the field's name (the course editor's fields and its changes).
import { KIND_LABELS, STATUS_LABELS, labelFor } from './catalog.ts';
import { ASSET_TYPE_LABELS, OPEN_TYPE_LABELS, TOPIC_TYPE_LABELS } from './topics.ts';

/** Labels of the enum fields forms show as a choice, by field name. */
const FIELD_OPTION_LABELS: Record<string, Record<string, string>> = {
  status: STATUS_LABELS,
  openType: OPEN_TYPE_LABELS,
  assetType: ASSET_TYPE_LABELS,
  kind: KIND_LABELS,
  type: TOPIC_TYPE_LABELS,
};

/** The word for one choice of an enum field; the wire value when the field has no labels. */
export function optionLabel(field: string, value: string): string {
  const labels = FIELD_OPTION_LABELS[field];
  return labels ? labelFor(labels, value) : value;
}
