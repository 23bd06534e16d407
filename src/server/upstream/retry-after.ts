// `Retry-After` (RFC 9110 §10.2.3), as the instance sends it with a 429: delta-seconds or an HTTP-date.

/** Milliseconds to wait, or null when the header is absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const header = Array.isArray(value) ? value[0] : value;
  if (header === undefined) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
