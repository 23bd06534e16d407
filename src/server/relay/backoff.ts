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

export { parseRetryAfter } from '../upstream/retry-after.ts';
