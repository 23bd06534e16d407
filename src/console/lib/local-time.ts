// <input type="datetime-local"> speaks local wall-clock time without a zone (`2026-01-02T03:04`);
// URLs, filters and the APIs keep ISO 8601 UTC or epoch milliseconds. One pair of converters for
// every such field.

const pad = (value: number) => String(value).padStart(2, '0');

/** The control's value for an ISO date or epoch milliseconds; '' for none or an invalid date. */
export function toLocalInput(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The ISO date (UTC) of the control's value; undefined for an empty or invalid one. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The browser's own IANA zone: named beside local-time fields, sent with a schedule for the audit. */
export const ownTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
