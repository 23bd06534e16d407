// What was typed in the Price box, read as cents, or the rule it breaks in words. A value the draft
// can hold (an amount with at most two decimals, even one the API refuses) goes into the draft, where
// the compiler checks it like any other; the rest stays as typed, kept by the editor store (and its
// backup) and explained here.
import { LIMITS } from '#contract/limits.ts';

const MAX = (LIMITS.priceInCentsMax / 100).toLocaleString('en-US', {
  style: 'currency',
  currency: 'USD',
});

export type PriceReading = { cents: number | undefined } | { problem: string };

export function readPrice(text: string): PriceReading {
  const trimmed = text.replace(/[$,\s]/g, '');
  if (trimmed === '') return { cents: undefined };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(trimmed))
    return { problem: `Enter the price as an amount in dollars, such as 49.90 (at most ${MAX})` };
  const decimals = trimmed.split('.')[1]?.length ?? 0;
  if (decimals > 2) {
    const value = Number(trimmed);
    const too = value * 100 > LIMITS.priceInCentsMax ? ` and be at most ${MAX}` : '';
    return { problem: `Price can have at most two decimals (whole cents)${too}` };
  }
  return { cents: Math.round(Number(trimmed) * 100) };
}
