// `Retry-After` is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
const DEFAULT_SECONDS = 1;
const MAX_SECONDS = 300;

/** Milliseconds to wait, clamped to [0, 5 min]; a missing or unreadable header waits 1 s. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number {
  if (header === null || header.trim() === '') return DEFAULT_SECONDS * 1000;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(Number(value), MAX_SECONDS) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return DEFAULT_SECONDS * 1000;
  return Math.min(Math.max(date - now, 0), MAX_SECONDS * 1000);
}
