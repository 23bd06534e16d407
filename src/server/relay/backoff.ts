// Retry timing for the relay (field notes: Stripe/Shopify/GitHub consumer guidance).

/** Full jitter: random(0, min(cap, base * 2^attempt)). `attempt` counts from 0. */
export function fullJitterDelay(
  attempt: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}

/** `Retry-After` as delta-seconds or an HTTP-date; milliseconds to wait, or null when absent/invalid. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const header = Array.isArray(value) ? value[0] : value;
  if (header === undefined) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
