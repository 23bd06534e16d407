// Where a dragged row would land: dnd-kit's sortable-tree geometry (the depth range a slot allows
// between its neighbours) checked against the compiler's level rule (`childKindOf`): a drop is valid
// only where the dragged node keeps its level and the nearest row above it at a lower depth is a
// container of its kind (a topic under a lesson, a lesson under a section).
import { childKindOf, type Position, type TreeDraft } from '#compiler/index.ts';
import { removeDescendantsOf, type FlatNode } from './flat-tree.ts';

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
  const list = removeDescendantsOf(items, activeId);
  const activeIndex = list.findIndex((item) => item.id === activeId);
  const overIndex = list.findIndex((item) => item.id === overId);
  if (activeIndex < 0 || overIndex < 0) return null;
  const active = list[activeIndex]!;
  const moved = arrayMove(list, activeIndex, overIndex);
  const previous = moved[overIndex - 1];
  const next = moved[overIndex + 1];
  const maxDepth = previous ? previous.depth + 1 : 0;
  const minDepth = next ? next.depth : 0;
  const projectedDepth = clamp(active.depth + Math.round(dragOffsetDepth), minDepth, maxDepth);
  const depth = active.depth;
  if (depth < minDepth || depth > maxDepth) return null;

  const above = moved.slice(0, overIndex).reverse();
  const parent = above.find((item) => item.depth < depth) ?? null;
  if (childKindOf(draft, parent?.node ?? null) !== active.kind) return null;
  const parentId = parent?.id ?? null;
  const index = above.filter((item) => item.parentId === parentId && item.depth === depth).length;
  return { parentId, index, depth, minDepth, maxDepth, projectedDepth };
}

function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
