// The outline's flat list and drop projection: dnd-kit's geometry under the compiler's level rule.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addNode,
  childKindOf,
  moveNode,
  newCourseDraft,
  newTopic,
  sequentialIds,
  type MicroCourseDraft,
} from '#compiler/index.ts';
import { gridDraft } from '#compiler/test-drafts.ts';
import { flatten, removeDescendantsOf, type FlatNode } from './flat-tree.ts';
import { getProjection } from './projection.ts';

describe('flatten and projection', () => {
  const draft = gridDraft(2, 2, 2);
  const flat = flatten(draft);
  const id = (title: string) => flat.find((f) => f.node.title === title)!.id;

  test('flatten lists nodes in document order with parent, depth and index', () => {
    expect(flat).toHaveLength(2 + 4 + 8);
    expect(flat.slice(0, 4).map((f) => [f.node.title, f.depth, f.index, f.parentId])).toEqual([
      ['S0', 0, 0, null],
      ['S0L0', 1, 0, id('S0')],
      ['S0L0T0', 2, 0, id('S0L0')],
      ['S0L0T1', 2, 1, id('S0L0')],
    ]);
    const collapsed = flatten(draft, new Set([id('S0')]));
    expect(collapsed.map((f) => f.node.title).slice(0, 2)).toEqual(['S0', 'S1']);
  });

  test("a topic dropped over another lesson's topic joins that lesson", () => {
    expect(getProjection(draft, flat, id('S0L0T0'), id('S1L1T0'), 0)).toMatchObject({
      parentId: id('S1L1'),
      index: 1,
      depth: 2,
    });
    // Horizontal offset never changes the level.
    expect(getProjection(draft, flat, id('S0L0T0'), id('S1L1T0'), -3)).toMatchObject({
      parentId: id('S1L1'),
      depth: 2,
    });
  });

  test('drops without a parent of the level above are refused', () => {
    // A topic right under a section (over S1, moving down lands between S1 and S1L0).
    expect(getProjection(draft, flat, id('S0L1T1'), id('S1'), 0)).toBeNull();
    // A lesson between a lesson and its topics (moving up lands before the row it is over).
    expect(getProjection(draft, flat, id('S1L1'), id('S0L0T0'), 0)).toBeNull();
    // ...while right above a lesson is fine.
    expect(getProjection(draft, flat, id('S1L1'), id('S0L0'), 0)).toMatchObject({
      parentId: id('S0'),
      index: 0,
    });
    // A section in the middle of another section's content.
    expect(getProjection(draft, flat, id('S1'), id('S0L0T1'), 0)).toBeNull();
  });

  test('a lesson and a section move with their subtree', () => {
    expect(getProjection(draft, flat, id('S1L0'), id('S1'), 0)).toMatchObject({
      parentId: id('S0'),
      index: 2,
      depth: 1,
    });
    expect(getProjection(draft, flat, id('S1'), id('S0'), 0)).toMatchObject({
      parentId: null,
      index: 0,
      depth: 0,
    });
    // Applying the projection with moveNode gives the expected tree.
    const p = getProjection(draft, flat, id('S1L0'), id('S1'), 0)!;
    const moved = moveNode(draft, id('S1L0'), p);
    expect(moved.sections[0]!.lessons.map((l) => l.title)).toEqual(['S0L0', 'S0L1', 'S1L0']);
  });

  test('microCourse topics live at depth 0', () => {
    const ids = sequentialIds('m');
    let micro = newCourseDraft('microCourse', 'M', ids) as MicroCourseDraft;
    for (let i = 0; i < 3; i++)
      micro = addNode(micro, newTopic(`T${i}`, 'text', ids), { parentId: null, index: i });
    const list = flatten(micro);
    expect(list.map((f) => f.depth)).toEqual([0, 0, 0]);
    expect(getProjection(micro, list, list[0]!.id, list[2]!.id, 2)).toMatchObject({
      parentId: null,
      index: 2,
      depth: 0,
    });
  });
});

/** The projection as first written, with copies of the list (dnd-kit's example): the reference. */
function copyingProjection(
  draft: Parameters<typeof getProjection>[0],
  items: readonly FlatNode[],
  activeId: string,
  overId: string,
  dragOffsetDepth: number,
) {
  const list = removeDescendantsOf(items, activeId);
  const activeIndex = list.findIndex((item) => item.id === activeId);
  const overIndex = list.findIndex((item) => item.id === overId);
  if (activeIndex < 0 || overIndex < 0) return null;
  const active = list[activeIndex]!;
  const moved = [...list];
  moved.splice(overIndex, 0, moved.splice(activeIndex, 1)[0]!);
  const previous = moved[overIndex - 1];
  const next = moved[overIndex + 1];
  const maxDepth = previous ? previous.depth + 1 : 0;
  const minDepth = next ? next.depth : 0;
  const offset = active.depth + Math.round(dragOffsetDepth);
  const projectedDepth = Math.min(Math.max(offset, minDepth), maxDepth);
  const depth = active.depth;
  if (depth < minDepth || depth > maxDepth) return null;
  const above = moved.slice(0, overIndex).reverse();
  const parent = above.find((item) => item.depth < depth) ?? null;
  if (childKindOf(draft, parent?.node ?? null) !== active.kind) return null;
  const parentId = parent?.id ?? null;
  const index = above.filter((item) => item.parentId === parentId && item.depth === depth).length;
  return { parentId, index, depth, minDepth, maxDepth, projectedDepth };
}

describe('projection without copies', () => {
  test('answers as the copying projection does, for any row over any row, folded or mid-drag', () => {
    const draft = gridDraft(3, 3, 3);
    const all = flatten(draft);
    fc.assert(
      fc.property(
        fc.nat(all.length - 1),
        fc.nat(all.length - 1),
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.subarray(all.filter((item) => item.childCount > 0).map((item) => item.id)),
        fc.boolean(),
        (a, o, offset, folded, dragging) => {
          const flat = flatten(draft, new Set(folded));
          const activeId = all[a]!.id;
          const items = dragging ? removeDescendantsOf(flat, activeId) : flat;
          const overId = all[o]!.id;
          expect(getProjection(draft, items, activeId, overId, offset)).toEqual(
            copyingProjection(draft, items, activeId, overId, offset),
          );
        },
      ),
      { numRuns: 600 },
    );
  });
});
