// The tree as a flat list (what the editor renders, virtualized) and the drop projection of a drag,
// after dnd-kit's sortable tree example. Levels are fixed by kind: in a courseGroup sections sit at
// depth 0, lessons at 1 and topics at 2; a microCourse's topics sit at depth 0. A drop is valid only
// where the dragged node keeps its level and finds a parent of the level above.
import type { NodeKind, TreeDraft, TreeNode } from './schema.ts';
import { childrenOf, type Position } from './tree-ops.ts';

export interface FlatNode {
  id: string;
  parentId: string | null;
  depth: number;
  /** Index among its siblings. */
  index: number;
  kind: NodeKind;
  node: TreeNode;
  childCount: number;
}

export function levelDepth(draft: Pick<TreeDraft, 'kind'>, kind: NodeKind): number {
  if (draft.kind === 'microCourse') return 0;
  return kind === 'section' ? 0 : kind === 'lesson' ? 1 : 2;
}

/** Pre-order flat list; descendants of `collapsed` nodes are left out (they move with their parent). */
export function flatten(draft: TreeDraft, collapsed: ReadonlySet<string> = new Set()): FlatNode[] {
  const out: FlatNode[] = [];
  const walk = (nodes: readonly TreeNode[], parentId: string | null, depth: number) => {
    nodes.forEach((node, index) => {
      const children = childrenOf(node);
      out.push({
        id: node.clientId,
        parentId,
        depth,
        index,
        kind: node.kind,
        node,
        childCount: children.length,
      });
      if (!collapsed.has(node.clientId)) walk(children, node.clientId, depth + 1);
    });
  };
  walk(childrenOf(draft), null, 0);
  return out;
}

/** The flat list without the descendants of `id` (a dragged node carries its subtree). */
export function removeDescendantsOf(items: readonly FlatNode[], id: string): FlatNode[] {
  const start = items.findIndex((item) => item.id === id);
  if (start < 0) return [...items];
  const depth = items[start]!.depth;
  let end = start + 1;
  while (end < items.length && items[end]!.depth > depth) end++;
  return [...items.slice(0, start + 1), ...items.slice(end)];
}

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

  let parentId: string | null = null;
  if (depth > 0) {
    const parent = moved
      .slice(0, overIndex)
      .reverse()
      .find((item) => item.depth < depth);
    if (!parent || parent.depth !== depth - 1) return null;
    parentId = parent.id;
  }
  const index = moved
    .slice(0, overIndex)
    .filter((item) => item.parentId === parentId && item.depth === depth).length;
  return { parentId, index, depth, minDepth, maxDepth, projectedDepth };
}

function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
