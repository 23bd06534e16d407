// Where a dragged row would land: dnd-kit's sortable-tree geometry (the depth range a slot allows
// between its neighbours) checked against the compiler's level rule (`childKindOf`): a drop is valid
// only where the dragged node keeps its level and the nearest row above it at a lower depth is a
// container of its kind (a topic under a lesson, a lesson under a section).
import { childKindOf, type Position, type TreeDraft } from '#compiler/index.ts';
import type { FlatNode } from './flat-tree.ts';

export interface Projection extends Position {
  /** The dragged node's depth (fixed by its level). */
  depth: number;
  /** dnd-kit's depth range at this slot: below the previous row's depth + 1, above the next row's. */
  minDepth: number;
  maxDepth: number;
  /** The depth the pointer asks for (active depth + offset), clamped to the range. */
  projectedDepth: number;
}

/**
 * Where `activeId` would land if dropped over `overId`, or null when that slot has no valid parent
 * for its level (e.g. a topic right under a section, or a lesson between a lesson and its topics).
 * `items` is the rendered flat list (the dragged subtree may still be in it); `dragOffsetDepth` is
 * the horizontal drag offset in indentation units. Levels are fixed, so the offset never changes
 * the parent: it only feeds `projectedDepth` for the drag overlay.
 */
export function getProjection(
  draft: Pick<TreeDraft, 'kind'>,
  items: readonly FlatNode[],
  activeId: string,
  overId: string,
  dragOffsetDepth: number,
): Projection | null {
  // Asked on every pointer move of a drag: the list without the dragged subtree, and that list with
  // the dragged row moved over `overId`, are read through index arithmetic, not copied (copies of a
  // 2,000-row list on each move fed the garbage collector, whose pauses were the slow moves).
  const activeAt = items.findIndex((item) => item.id === activeId);
  if (activeAt < 0) return null;
  const active = items[activeAt]!;
  const depth = active.depth;
  let subtreeEnd = activeAt + 1;
  while (subtreeEnd < items.length && items[subtreeEnd]!.depth > depth) subtreeEnd++;
  const skipped = subtreeEnd - activeAt - 1;
  const overAt = items.findIndex((item) => item.id === overId);
  if (overAt < 0 || (overAt > activeAt && overAt < subtreeEnd)) return null;
  const length = items.length - skipped;
  /** The list without the dragged row's descendants. */
  const listAt = (k: number) => items[k <= activeAt ? k : k + skipped];
  const activeIndex = activeAt;
  const overIndex = overAt <= activeAt ? overAt : overAt - skipped;
  /** That list with the dragged row moved from activeIndex to overIndex. */
  const movedAt = (k: number): FlatNode | undefined => {
    if (k < 0 || k >= length) return undefined;
    if (k === overIndex) return active;
    if (activeIndex < overIndex && k >= activeIndex && k < overIndex) return listAt(k + 1);
    if (activeIndex > overIndex && k > overIndex && k <= activeIndex) return listAt(k - 1);
    return listAt(k);
  };
  const previous = movedAt(overIndex - 1);
  const next = movedAt(overIndex + 1);
  const maxDepth = previous ? previous.depth + 1 : 0;
  const minDepth = next ? next.depth : 0;
  const projectedDepth = clamp(depth + Math.round(dragOffsetDepth), minDepth, maxDepth);
  if (depth < minDepth || depth > maxDepth) return null;

  // The nearest row above at a lower depth is the parent; its rows of this depth above, the index.
  let parent: FlatNode | null = null;
  let k = overIndex - 1;
  for (; k >= 0; k--) {
    const item = movedAt(k)!;
    if (item.depth < depth) {
      parent = item;
      break;
    }
  }
  if (childKindOf(draft, parent?.node ?? null) !== active.kind) return null;
  const parentId = parent?.id ?? null;
  let index = 0;
  // Its children all come after it (the list is in document order).
  for (let i = k + 1; i < overIndex; i++) {
    const item = movedAt(i)!;
    if (item.parentId === parentId && item.depth === depth) index++;
  }
  return { parentId, index, depth, minDepth, maxDepth, projectedDepth };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
