import { describe, expect, it } from 'vitest';
import { readPrice } from './price-reading.ts';

describe('readPrice', () => {
  it('reads dollars and cents, empty as not set', () => {
    expect(readPrice('49.9')).toEqual({ cents: 4990 });
    expect(readPrice('$1,234.56')).toEqual({ cents: 123456 });
    expect(readPrice('.5')).toEqual({ cents: 50 });
    expect(readPrice('  ')).toEqual({ cents: undefined });
  });

  it('passes amounts the API refuses to the draft, where the compiler names the rule', () => {
    expect(readPrice('1000000.00')).toEqual({ cents: 100000000 });
    expect(readPrice('-1')).toEqual({ cents: -100 });
  });

  it('names the rules a value breaks that the draft cannot hold', () => {
    expect(readPrice('1000000.001')).toEqual({
      problem: 'Price can have at most two decimals (whole cents) and be at most $999,999.99',
    });
    expect(readPrice('12.345')).toEqual({
      problem: 'Price can have at most two decimals (whole cents)',
    });
    expect(readPrice('twelve')).toEqual({
      problem: 'Enter the price as an amount in dollars, such as 49.90 (at most $999,999.99)',
    });
  });
});
