import { describe, expect, it } from 'vitest';
import { typedIssues } from './typed-issues.ts';

describe('typedIssues', () => {
  it('lists an unreadable price as an error at its field, in words naming the rules', () => {
    expect(typedIssues({ 'c1|priceInCents': '1000000.001' })).toEqual([
      {
        nodeId: 'c1',
        field: 'priceInCents',
        message: 'Price can have at most two decimals (whole cents) and be at most $999,999.99',
        severity: 'error',
        code: 'rule',
      },
    ]);
  });

  it('lists nothing for text that reads as an amount', () => {
    expect(typedIssues({ 'c1|priceInCents': '12.50' })).toEqual([]);
  });
});
