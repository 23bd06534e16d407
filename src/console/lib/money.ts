// Prices are entered and shown as money and sent as whole cents (spec 2.2 `priceInCents`, 0 to
// 99,999,999). The API's own message writes the maximum as "$999,999.99", so the console uses dollars.
import { LIMITS } from '#contract/limits.ts';
import { once } from './once.ts';

const money = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

export const formatCents = (cents: number): string => money().format(cents / 100);

/** A change in price, with its sign ("+$5.00", "−$2.50", "$0.00"). */
export function formatCentsDelta(cents: number): string {
  if (cents === 0) return formatCents(0);
  return `${cents > 0 ? '+' : '−'}${formatCents(Math.abs(cents))}`;
}

export type MoneyReading = { ok: true; cents: number } | { ok: false; message: string };

/** Written on first use: formatting it at import would build the formatter then (lib/once.ts). */
export const priceRangeMessage = once(
  () => `Enter a price from ${formatCents(0)} to ${formatCents(LIMITS.priceInCentsMax)}.`,
);

/**
 * Reads a price as people type or paste it: "49", "49.9", "$1,299.00", " 1299,00 " is refused (a
 * comma is a thousands separator here, so "1299,00" is ambiguous). At most two decimals.
 */
export function parseMoney(text: string): MoneyReading {
  const cleaned = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/^US\$\s*/i, '');
  if (cleaned === '') return { ok: false, message: 'Enter a price.' };
  if (cleaned.startsWith('-')) return { ok: false, message: priceRangeMessage() };
  // Thousands separators only in groups of three before the point.
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{0,2})?$/.test(cleaned))
    return {
      ok: false,
      message: /\.\d{3,}$/.test(cleaned)
        ? 'A price has at most two decimals (cents).'
        : `“${text.trim()}” is not a price. Write it like 49.90 or 1,299.`,
    };
  const [whole = '0', fraction = ''] = cleaned.replace(/,/g, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents) || cents > LIMITS.priceInCentsMax)
    return { ok: false, message: priceRangeMessage() };
  return { ok: true, cents };
}

/** The value a price box shows for a price in cents ("1299.00"), which parseMoney reads back. */
export const centsToInput = (cents: number): string => (cents / 100).toFixed(2);
