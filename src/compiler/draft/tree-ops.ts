// Immutable edits of a draft's tree. A position is `{ parentId, index }` (parentId null = the course
// root), which maps straight onto the API's parent references. Only the path to the edited node is
// copied, so unchanged subtrees keep their identity (cheap memoized rendering in the editor).
import { topicFieldsFor, type TopicType } from '#contract/index.ts';
import type { IdGenerator } from '../ids.ts';
import type {
  CourseDraft,
  DraftAttributes,
  LessonNode,
  NodeKind,
  SectionNode,
  TopicNode,
  TreeDraft,
  TreeNode,
} from './schema.ts';

export interface Position {
  parentId: string | null;
  index: number;
}

export interface Located {
  node: TreeNode;
  parentId: string | null;
  index: number;
}

export class TreeOpError extends Error {
  override name = 'TreeOpError';
}

/**
 * The level rule: the kind of node a container holds (null parent = the course root). A courseGroup
 * holds sections > lessons > topics; a microCourse holds topics at its root.
 */
export function childKindOf(
  draft: Pick<TreeDraft, 'kind'>,
  parent: Pick<TreeNode, 'kind'> | null,
): NodeKind | undefined {
  if (parent === null) return draft.kind === 'courseGroup' ? 'section' : 'topic';
  if (parent.kind === 'section') return 'lesson';
  if (parent.kind === 'lesson') return 'topic';
  return undefined;
}

export function childrenOf(node: TreeNode | TreeDraft): readonly TreeNode[] {
  if ('sections' in node) return node.sections;
  if ('lessons' in node) return node.lessons;
  if ('topics' in node) return node.topics;
  return [];
}

export function locate(draft: TreeDraft, id: string): Located | undefined {
  const search = (nodes: readonly TreeNode[], parentId: string | null): Located | undefined => {
    for (const [index, node] of nodes.entries()) {
      if (node.clientId === id) return { node, parentId, index };
      const found = search(childrenOf(node), node.clientId);
      if (found) return found;
    }
    return undefined;
  };
  return search(childrenOf(draft), null);
}

export function findNode(draft: TreeDraft, id: string): TreeNode | undefined {
  return locate(draft, id)?.node;
}

function withChildren<T extends TreeNode | TreeDraft>(owner: T, children: TreeNode[]): T {
  if ('sections' in owner) return { ...owner, sections: children as SectionNode[] };
  if ('lessons' in owner) return { ...owner, lessons: children as LessonNode[] };
  if ('topics' in owner) return { ...owner, topics: children as TopicNode[] };
  throw new TreeOpError('A topic has no children');
}

/** Replace the children of `parentId` (null = root), copying only the path to it. */
function replaceChildren(
  draft: TreeDraft,
  parentId: string | null,
  update: (children: readonly TreeNode[]) => TreeNode[],
): TreeDraft {
  if (parentId === null) return withChildren(draft, update(childrenOf(draft)));
  const visit = (nodes: readonly TreeNode[]): TreeNode[] | undefined => {
    for (const [index, node] of nodes.entries()) {
      let replaced: TreeNode | undefined;
      if (node.clientId === parentId) replaced = withChildren(node, update(childrenOf(node)));
      else {
        const inner = visit(childrenOf(node));
        if (inner) replaced = withChildren(node, inner);
      }
      if (replaced) return nodes.map((n, i) => (i === index ? replaced : n));
    }
    return undefined;
  };
  const children = visit(childrenOf(draft));
  if (!children) throw new TreeOpError(`No node ${parentId}`);
  return withChildren(draft, children);
}

function mapNode(draft: TreeDraft, id: string, fn: (node: TreeNode) => TreeNode): TreeDraft {
  const where = locate(draft, id);
  if (!where) throw new TreeOpError(`No node ${id}`);
  return replaceChildren(draft, where.parentId, (children) =>
    children.map((child, i) => (i === where.index ? fn(child) : child)),
  );
}

function checkParent(draft: TreeDraft, parentId: string | null, kind: NodeKind): void {
  const parent = parentId === null ? null : findNode(draft, parentId);
  if (parent === undefined) throw new TreeOpError(`No node ${parentId}`);
  const expected = childKindOf(draft, parent);
  if (expected !== kind)
    throw new TreeOpError(
      `A ${kind} cannot be placed in ${parent === null ? 'the course root' : `a ${parent.kind}`}`,
    );
}

const insertAt = <T>(list: readonly T[], index: number, item: T): T[] => {
  const at = Math.max(0, Math.min(index, list.length));
  return [...list.slice(0, at), item, ...list.slice(at)];
};

export function addNode<D extends TreeDraft>(draft: D, node: TreeNode, at: Position): D {
  checkParent(draft, at.parentId, node.kind);
  if (locate(draft, node.clientId)) throw new TreeOpError(`Duplicate node id ${node.clientId}`);
  return replaceChildren(draft, at.parentId, (children) => insertAt(children, at.index, node)) as D;
}

export function removeNode<D extends TreeDraft>(draft: D, id: string): D {
  const where = locate(draft, id);
  if (!where) throw new TreeOpError(`No node ${id}`);
  return replaceChildren(draft, where.parentId, (children) =>
    children.filter((_, i) => i !== where.index),
  ) as D;
}

/** Move a node (with its subtree). `to.index` is its final index among the new parent's children. */
export function moveNode<D extends TreeDraft>(draft: D, id: string, to: Position): D {
  const where = locate(draft, id);
  if (!where) throw new TreeOpError(`No node ${id}`);
  checkParent(draft, to.parentId, where.node.kind);
  if (to.parentId !== null && isInside(where.node, to.parentId))
    throw new TreeOpError('A node cannot be moved into itself');
  const removed = removeNode(draft, id);
  return replaceChildren(removed, to.parentId, (children) =>
    insertAt(children, to.index, where.node),
  ) as D;
}

const isInside = (node: TreeNode, id: string): boolean =>
  node.clientId === id || childrenOf(node).some((child) => isInside(child, id));

/** A deep copy with fresh client ids and no server ids, inserted right after the original. */
export function duplicateNode<D extends TreeDraft>(
  draft: D,
  id: string,
  ids: IdGenerator,
): { draft: D; id: string } {
  const where = locate(draft, id);
  if (!where) throw new TreeOpError(`No node ${id}`);
  const copy = cloneFresh(where.node, ids);
  const next = replaceChildren(draft, where.parentId, (children) =>
    insertAt(children, where.index + 1, copy),
  ) as D;
  return { draft: next, id: copy.clientId };
}

export function cloneFresh<N extends TreeNode>(node: N, ids: IdGenerator): N {
  const copy = { ...node, clientId: ids() } as TreeNode;
  delete copy.serverId;
  if (copy.kind === 'section') copy.lessons = copy.lessons.map((l) => cloneFresh(l, ids));
  if (copy.kind === 'lesson') copy.topics = copy.topics.map((t) => cloneFresh(t, ids));
  return copy as N;
}

export function renameNode<D extends TreeDraft>(draft: D, id: string, title: string): D {
  return mapNode(draft, id, (node) => ({ ...node, title })) as D;
}

type Editable<N> = Omit<N, 'kind' | 'clientId' | 'serverId' | 'lessons' | 'topics'>;
export type NodePatch = Partial<Editable<SectionNode> | Editable<LessonNode> | Editable<TopicNode>>;

/** Set fields of a node; a field set to `undefined` is removed. */
export function setNodeFields<D extends TreeDraft>(draft: D, id: string, patch: NodePatch): D {
  return mapNode(draft, id, (node) => mergeDefined(node, patch)) as D;
}

/** Change a topic's type, dropping fields the new type cannot carry (spec 2.3, 2.4). */
export function changeTopicType<D extends TreeDraft>(draft: D, id: string, type: TopicType): D {
  return mapNode(draft, id, (node) => {
    if (node.kind !== 'topic') throw new TreeOpError('Only topics have a type');
    const allowed = new Set<string>([...topicFieldsFor(type), 'kind', 'clientId', 'serverId']);
    const kept = Object.fromEntries(Object.entries(node).filter(([key]) => allowed.has(key)));
    return { ...kept, type } as TopicNode;
  }) as D;
}

export function setAttributes<D extends CourseDraft>(draft: D, patch: Partial<DraftAttributes>): D {
  return { ...draft, attributes: mergeDefined(draft.attributes, patch) };
}

export function mergeDefined<T extends object>(base: T, patch: object): T {
  const next: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as T;
}

/** Every node of a tree draft in document order (pre-order). */
export function allNodes(draft: TreeDraft): TreeNode[] {
  const out: TreeNode[] = [];
  const walk = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      out.push(node);
      walk(childrenOf(node));
    }
  };
  walk(childrenOf(draft));
  return out;
}

/** Set the kind-specific root fields of an article, video or SCORM draft (undefined removes). */
export function setKindFields<D extends CourseDraft>(draft: D, patch: Record<string, unknown>): D {
  if (draft.kind === 'article')
    return { ...draft, articleVariant: mergeDefined(draft.articleVariant, patch) };
  if (draft.kind === 'video') return { ...draft, video: mergeDefined(draft.video, patch) };
  if (draft.kind === 'shareableContentObject')
    return { ...draft, scorm: mergeDefined(draft.scorm, patch) };
  throw new TreeOpError(`A ${draft.kind} draft has no kind-specific root fields`);
}
