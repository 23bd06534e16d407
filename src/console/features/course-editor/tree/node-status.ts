// Each outline row's state against the course as saved: new (not on the server yet), saved, or
// changed (a field, its parent, or a section's place differs). Cheap to ask per visible row: a node
// keeps its identity while unchanged, so its field comparison is cached by identity.
import {
  childrenOf,
  isTreeDraft,
  sameValue,
  type CourseDraft,
  type TreeNode,
} from '#compiler/index.ts';

export type NodeStatus = 'new' | 'saved' | 'changed';

interface SavedPlace {
  node: TreeNode;
  parent: string | null;
  index: number;
}

const CHILDREN = new Set(['lessons', 'topics', 'clientId']);
const fieldsOf = (node: TreeNode) =>
  Object.fromEntries(Object.entries(node).filter(([key]) => !CHILDREN.has(key)));

export function nodeStatuses(saved: CourseDraft) {
  const places = new Map<string, SavedPlace>();
  if (isTreeDraft(saved)) {
    const walk = (nodes: readonly TreeNode[], parent: string | null) =>
      nodes.forEach((node, index) => {
        if (node.serverId) places.set(node.serverId, { node, parent, index });
        walk(childrenOf(node), node.serverId ?? null);
      });
    walk(childrenOf(saved), null);
  }
  const fieldsChanged = new WeakMap<TreeNode, boolean>();
  /** `parentServerId`: the server id of the node's parent (null: the root; undefined: a new one). */
  return (node: TreeNode, parentServerId: string | null | undefined, index: number): NodeStatus => {
    if (!node.serverId) return 'new';
    const place = places.get(node.serverId);
    if (!place || place.parent !== parentServerId) return 'changed';
    if (node.kind === 'section' && place.index !== index) return 'changed';
    let changed = fieldsChanged.get(node);
    if (changed === undefined) {
      // The saved node's fields are taken when a row first asks (the rows on screen), not for all.
      changed = place.node !== node && !sameValue(fieldsOf(place.node), fieldsOf(node));
      fieldsChanged.set(node, changed);
    }
    return changed ? 'changed' : 'saved';
  };
}
