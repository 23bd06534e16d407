// The draft's tree as the flat list the outline renders (virtualized), after dnd-kit's sortable tree
// example: `{ id, parentId, depth, index }` per visible node, in document order.
import { childrenOf, type NodeKind, type TreeDraft, type TreeNode } from '#compiler/index.ts';

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
