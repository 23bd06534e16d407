// The outline's flat list and drop projection: dnd-kit's geometry under the compiler's level rule.
import { describe, expect, test } from 'vitest';
import {
  addNode,
  moveNode,
  newCourseDraft,
  newTopic,
  sequentialIds,
  type MicroCourseDraft,
} from '#compiler/index.ts';
import { gridDraft } from '#compiler/test-drafts.ts';
import { flatten } from './flat-tree.ts';
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
