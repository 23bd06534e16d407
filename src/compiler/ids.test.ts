import { describe, expect, it } from 'vitest';
import { randomId, sequentialIds } from './ids.ts';

describe('randomId', () => {
  it('gives n_ and 18 base-36 characters, all different across refills of its pool', () => {
    const ids = Array.from({ length: 1000 }, () => randomId());
    for (const id of ids) expect(id).toMatch(/^n_[0-9a-z]{18}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('sequentialIds', () => {
  it('counts from 1 with its prefix', () => {
    const ids = sequentialIds('t_');
    expect([ids(), ids(), ids()]).toEqual(['t_1', 't_2', 't_3']);
  });
});
