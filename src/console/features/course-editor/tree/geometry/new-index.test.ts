// The row index a sortable row lands on equals dnd-kit's own answer (arrayMove, then indexOf).
import { defaultNewIndexGetter } from '@dnd-kit/sortable';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newIndex } from './new-index.ts';

describe('newIndex', () => {
  it('matches dnd-kit’s default for every row and every move', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 40 })
          .chain((length) =>
            fc.tuple(
              fc.constant(Array.from({ length }, (_, i) => `n${i}`)),
              fc.nat(length - 1),
              fc.nat(length - 1),
              fc.nat(length - 1),
            ),
          ),
        ([items, row, activeIndex, overIndex]) => {
          const args = { id: items[row]!, items, activeIndex, overIndex };
          expect(newIndex(args)).toBe(defaultNewIndexGetter(args));
        },
      ),
    );
  });

  it('moves the dragged row to the target and shifts the rows between by one', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    const at = (id: string, activeIndex: number, overIndex: number) =>
      newIndex({ id, items, activeIndex, overIndex });
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => at(id, 1, 3))).toEqual([0, 3, 1, 2, 4]);
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => at(id, 3, 1))).toEqual([0, 2, 3, 1, 4]);
  });
});
