import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '#contract/limits.ts';
import {
  priceRangeMessage,
  centsToInput,
  formatCents,
  formatCentsDelta,
  parseMoney,
} from './money.ts';

describe('money', () => {
  it('shows cents as dollars', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(129_900)).toBe('$1,299.00');
    expect(formatCents(LIMITS.priceInCentsMax)).toBe('$999,999.99');
    expect(formatCentsDelta(-250)).toBe('−$2.50');
    expect(formatCentsDelta(500)).toBe('+$5.00');
    expect(formatCentsDelta(0)).toBe('$0.00');
  });

  it('reads prices as people write them', () => {
    const cents = (text: string) => {
      const reading = parseMoney(text);
      return reading.ok ? reading.cents : reading.message;
    };
    expect(cents('49')).toBe(4900);
    expect(cents('49.9')).toBe(4990);
    expect(cents(' $1,299.00 ')).toBe(129_900);
    expect(cents('0.05')).toBe(5);
    expect(cents('12.')).toBe(1200);
    expect(cents('999999.99')).toBe(LIMITS.priceInCentsMax);
  });

  it('refuses what is not a price in range, saying why', () => {
    expect(parseMoney('')).toEqual({ ok: false, message: 'Enter a price.' });
    expect(parseMoney('1000000')).toEqual({ ok: false, message: priceRangeMessage() });
    expect(parseMoney('-1')).toEqual({ ok: false, message: priceRangeMessage() });
    expect(parseMoney('1.999')).toEqual({
      ok: false,
      message: 'A price has at most two decimals (cents).',
    });
    for (const text of ['abc', '1299,00', '1,29', '1e3', '12.3.4', 'NaN'])
      expect(parseMoney(text).ok, text).toBe(false);
    expect(priceRangeMessage()).toBe('Enter a price from $0.00 to $999,999.99.');
  });

  it('reads back every price it shows, in the input box and formatted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LIMITS.priceInCentsMax }), (cents) => {
        expect(parseMoney(centsToInput(cents))).toEqual({ ok: true, cents });
        expect(parseMoney(formatCents(cents))).toEqual({ ok: true, cents });
      }),
    );
  });
});
