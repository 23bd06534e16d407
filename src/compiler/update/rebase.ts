// Bringing a draft up to date with a course that changed on the server after the draft was begun: a
// three-way merge by server id of the course as it was opened, the draft, and the course now. What
// they changed and the draft did not is taken; what the draft changed and they did not is kept; what
// both changed to different values is the user's choice. Without the opened version (a backup that
// never stored it) nothing can be told apart: every difference is a choice.
//
// `serverChanges` lists what changed on the server (for the editor's conflict panel), and
// `rebaseDraft` applies it with the user's choices. The merged draft is then planned against the
// course now, so the plan carries the draft's own edits and nothing of theirs is overwritten.
import {
  isTreeDraft,
  type CourseDraft,
  type NodeKind,
  type TreeDraft,
  type TreeNode,
} from '../draft/schema.ts';
import {
  addNode,
  allNodes,
  childrenOf,
  locate,
  moveNode,
  removeNode,
  setNodeFields,
  type Position,
} from '../draft/tree-ops.ts';
import { randomId } from '../ids.ts';
import { draftFromBaseline, type Baseline } from './baseline.ts';

export type ChangeKind = 'field' | 'added' | 'removed' | 'moved' | 'order';

export interface ServerChange {
  /** Stable key of the change; a choice is given by it. */
  id: string;
  kind: ChangeKind;
  level: 'course' | NodeKind;
  /** Client id in the draft (the course draft's own for course fields); absent for server-only nodes. */
  nodeId?: string;
  /** The node's title on the server now (as opened, for a removed node). */
  title: string;
  /** Title of the node's parent on the server now, when it has one. */
  parentTitle?: string;
  /** `field`: the field's name (`video.videoUrl` for a kind's root fields). */
  field?: string;
  /** Values: a field's, a moved node's parent title, an order as titles. Undefined when unknown. */
  opened: unknown;
  theirs: unknown;
  mine: unknown;
  /** The draft changed it as well (a draft without its opened version: any difference). */
  mineChanged: boolean;
  /** Both changed it, differently: the user chooses whose to keep. */
  conflict: boolean;
}

export type Choice = 'mine' | 'theirs';
export type Choices = Readonly<Record<string, Choice>>;

/** What changed on the server between `opened` (null: unknown) and `now`, beside the draft. */
export function serverChanges(
  opened: Baseline | null,
  mine: CourseDraft,
  now: Baseline,
): ServerChange[] {
  return merge(opened, mine, now, {}, randomId).changes;
}

/**
 * The draft with the server's changes taken in: theirs where only they changed something, the
 * user's choice where both did (the draft's value when no choice is given).
 */
export function rebaseDraft(
  opened: Baseline | null,
  mine: CourseDraft,
  now: Baseline,
  choices: Choices,
  ids = randomId,
): CourseDraft {
  return merge(opened, mine, now, choices, ids).draft;
}

// ---------------------------------------------------------------------------------------------

type Fields = Record<string, unknown>;
const STRUCTURE_KEYS = new Set(['kind', 'clientId', 'serverId', 'lessons', 'topics', 'sections']);

/** Deep equality of JSON-like values; a missing key equals undefined, key order does not matter. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((value, i) => sameValue(value, other[i]));
  }
  const left = a as Fields;
  const right = b as Fields;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameValue(left[key], right[key])) return false;
  return true;
}

const fieldsOf = (node: object): Fields =>
  Object.fromEntries(Object.entries(node).filter(([key]) => !STRUCTURE_KEYS.has(key)));

/** The course draft's own fields: attributes, and the kind's root fields under their root's name. */
function courseFields(draft: CourseDraft): Fields {
  const out: Fields = { ...draft.attributes };
  const root =
    draft.kind === 'article'
      ? ['articleVariant', draft.articleVariant]
      : draft.kind === 'video'
        ? ['video', draft.video]
        : draft.kind === 'shareableContentObject'
          ? ['scorm', draft.scorm]
          : undefined;
  if (root)
    for (const [key, value] of Object.entries(root[1] as Fields)) out[`${root[0]}.${key}`] = value;
  return out;
}

function withCourseField(draft: CourseDraft, field: string, value: unknown): CourseDraft {
  const dot = field.indexOf('.');
  const set = (record: Fields, key: string): Fields => {
    const next = { ...record };
    if (value === undefined) delete next[key];
    else next[key] = value;
    return next;
  };
  if (dot < 0) return { ...draft, attributes: set(draft.attributes, field) as never };
  const root = field.slice(0, dot) as 'articleVariant' | 'video' | 'scorm';
  const key = field.slice(dot + 1);
  return {
    ...draft,
    [root]: set((draft as unknown as Record<string, Fields>)[root]!, key),
  } as never;
}

interface Placed {
  node: TreeNode;
  /** The parent's server id, `root`, or `new:<clientId>` for a parent not yet saved. */
  parent: string;
  parentTitle?: string;
  siblings: readonly TreeNode[];
  index: number;
}

/** Saved nodes of a tree draft by server id, with where they sit. */
function placeSaved(draft: TreeDraft | null): Map<string, Placed> {
  const out = new Map<string, Placed>();
  if (!draft) return out;
  const walk = (nodes: readonly TreeNode[], parent: TreeNode | null) => {
    nodes.forEach((node, index) => {
      if (node.serverId)
        out.set(node.serverId, {
          node,
          parent: parent ? (parent.serverId ?? `new:${parent.clientId}`) : 'root',
          ...(parent && { parentTitle: parent.title }),
          siblings: nodes,
          index,
        });
      walk(childrenOf(node), node);
    });
  };
  walk(childrenOf(draft), null);
  return out;
}

const treeOf = (draft: CourseDraft | null): TreeDraft | null =>
  draft && isTreeDraft(draft) ? draft : null;

function merge(
  opened: Baseline | null,
  mine: CourseDraft,
  now: Baseline,
  choices: Choices,
  ids: () => string,
): { changes: ServerChange[]; draft: CourseDraft } {
  const changes: ServerChange[] = [];
  const base = opened ? draftFromBaseline(opened, ids) : null;
  const theirs = draftFromBaseline(now, ids);
  const known = base !== null;
  let result = mine;
  /**
   * Record a change; true when theirs is to be taken. `same`: the draft and the server agree now
   * (both made the same change), which needs neither a row nor a choice.
   */
  const decide = (
    change: Omit<ServerChange, 'conflict' | 'mineChanged'>,
    mineChanged: boolean,
    same = sameValue(change.mine, change.theirs),
  ) => {
    if (mineChanged && same) return false;
    const conflict = mineChanged;
    changes.push({ ...change, mineChanged, conflict });
    return !conflict || choices[change.id] === 'theirs';
  };

  // Course fields (a kind cannot change, so the roots match).
  const [b, t, m] = [base && courseFields(base), courseFields(theirs), courseFields(mine)];
  for (const field of new Set([...Object.keys(b ?? {}), ...Object.keys(t), ...Object.keys(m)])) {
    const theirsChanged = b ? !sameValue(b[field], t[field]) : !sameValue(m[field], t[field]);
    if (!theirsChanged) continue;
    const change = {
      id: `course:${field}`,
      kind: 'field' as const,
      level: 'course' as const,
      nodeId: mine.clientId,
      title: now.courseGroup.title,
      field,
      opened: b?.[field],
      theirs: t[field],
      mine: m[field],
    };
    if (decide(change, b ? !sameValue(b[field], m[field]) : true))
      result = withCourseField(result, field, t[field]);
  }

  const theirTree = treeOf(theirs);
  const mineTree = treeOf(mine);
  if (!theirTree || !mineTree || theirTree.kind !== mineTree.kind)
    return { changes, draft: result };
  let tree: TreeDraft = result as TreeDraft;
  const baseAt = placeSaved(treeOf(base));
  const mineAt = placeSaved(mineTree);
  const theirAt = placeSaved(theirTree);

  /** The client id in the merged tree of a server id's node (null: the root). */
  const inTree = (parent: string): string | null | undefined => {
    if (parent === 'root') return null;
    if (parent.startsWith('new:')) return parent.slice(4);
    return allNodes(tree).find((node) => node.serverId === parent)?.clientId;
  };
  /** Where their node goes in the merged tree: after the nearest sibling before it that is there. */
  const positionFor = (placed: Placed): Position | undefined => {
    const parentId = inTree(placed.parent);
    if (parentId === undefined) return undefined;
    const children = childrenOf(parentId === null ? tree : locate(tree, parentId)!.node);
    for (let i = placed.index - 1; i >= 0; i--) {
      const before = placed.siblings[i]!.serverId;
      const at = children.findIndex((child) => child.serverId === before);
      if (at >= 0) return { parentId, index: at + 1 };
    }
    return { parentId, index: 0 };
  };
  const clientIdOf = (serverId: string) =>
    allNodes(tree).find((node) => node.serverId === serverId)?.clientId;

  // Their tree in document order: parents come before children, so an added parent is in place
  // before its children are.
  for (const [serverId, their] of theirAt) {
    const mineNode = mineAt.get(serverId);
    const baseNode = baseAt.get(serverId);
    const where = { level: their.node.kind, title: their.node.title };
    const parentTitle = their.parentTitle !== undefined ? { parentTitle: their.parentTitle } : {};
    if (!mineNode) {
      if (baseNode) continue; // Gone from the draft: the compiler reports what it cannot delete.
      const position = positionFor(their);
      if (!position) continue;
      const shell = { ...their.node, ...emptyChildren(their.node) } as TreeNode;
      changes.push({
        id: `added:${serverId}`,
        kind: 'added',
        ...where,
        ...parentTitle,
        nodeId: shell.clientId,
        opened: undefined,
        theirs: their.node.title,
        mine: undefined,
        mineChanged: false,
        conflict: false,
      });
      tree = addNode(tree, shell, position);
      continue;
    }
    const nodeId = mineNode.node.clientId;
    const [bf, tf, mf] = [
      baseNode && fieldsOf(baseNode.node),
      fieldsOf(their.node),
      fieldsOf(mineNode.node),
    ];
    for (const field of new Set([
      ...Object.keys(bf ?? {}),
      ...Object.keys(tf),
      ...Object.keys(mf),
    ])) {
      const theirsChanged = bf
        ? !sameValue(bf[field], tf[field])
        : !sameValue(mf[field], tf[field]);
      if (!theirsChanged) continue;
      const take = decide(
        {
          id: `${serverId}:${field}`,
          kind: 'field',
          ...where,
          ...parentTitle,
          nodeId,
          field,
          opened: bf?.[field],
          theirs: tf[field],
          mine: mf[field],
        },
        bf ? !sameValue(bf[field], mf[field]) : true,
      );
      if (take) tree = setNodeFields(tree, nodeId, { [field]: tf[field] });
    }
    const theirsMoved = baseNode
      ? baseNode.parent !== their.parent
      : mineNode.parent !== their.parent;
    if (theirsMoved) {
      const titleOf = (placed: Placed | undefined) => placed?.parentTitle ?? '';
      const take = decide(
        {
          id: `moved:${serverId}`,
          kind: 'moved',
          ...where,
          ...parentTitle,
          nodeId,
          opened: baseNode && titleOf(baseNode),
          theirs: titleOf(their),
          mine: titleOf(mineNode),
        },
        baseNode ? baseNode.parent !== mineNode.parent : true,
        mineNode.parent === their.parent,
      );
      const position = take ? positionFor(their) : undefined;
      if (position) tree = moveNode(tree, nodeId, position);
    }
  }

  // Order among saved siblings (sections: displayOrder; lessons and topics only outside the API).
  const parents = new Set([...theirAt.values()].map((placed) => placed.parent));
  for (const parent of parents) {
    const parentId = inTree(parent);
    if (parentId === undefined) continue;
    const children = childrenOf(parentId === null ? tree : locate(tree, parentId)!.node);
    const common = children
      .map((child) => child.serverId)
      .filter(
        (id): id is string =>
          id !== undefined &&
          theirAt.get(id)?.parent === parent &&
          mineAt.get(id)?.parent === parent &&
          (!known || baseAt.get(id)?.parent === parent),
      );
    if (common.length < 2) continue;
    const order = (at: Map<string, Placed>) =>
      [...common].sort((x, y) => at.get(x)!.index - at.get(y)!.index);
    const [mo, to] = [order(mineAt), order(theirAt)];
    const bo = known ? order(baseAt) : mo;
    if (sameValue(bo, to)) continue;
    const titles = (list: string[]) => list.map((id) => theirAt.get(id)!.node.title);
    const first = theirAt.get(common[0]!)!;
    const take = decide(
      {
        id: `order:${parent}`,
        kind: 'order',
        level: first.node.kind,
        title: first.parentTitle ?? now.courseGroup.title,
        nodeId: parentId ?? mine.clientId,
        opened: known ? titles(bo) : undefined,
        theirs: titles(to),
        mine: titles(mo),
      },
      known ? !sameValue(bo, mo) : true,
      sameValue(mo, to),
    );
    if (take) {
      let slot = 0;
      const slots = children.map((child) =>
        child.serverId !== undefined && common.includes(child.serverId) ? to[slot++]! : null,
      );
      slots.forEach((serverId, index) => {
        if (serverId) tree = moveNode(tree, clientIdOf(serverId)!, { parentId, index });
      });
    }
  }

  // Removed on the server (outside the API, which cannot delete): the topmost node of each subtree.
  for (const [serverId, placed] of known ? baseAt : mineAt) {
    if (theirAt.has(serverId) || !mineAt.has(serverId)) continue;
    const parentGone = !theirAt.has(placed.parent) && (known ? baseAt : mineAt).has(placed.parent);
    if (parentGone) continue;
    const nodeId = clientIdOf(serverId);
    if (!nodeId) continue;
    const node = locate(tree, nodeId)!.node;
    const baseNode = baseAt.get(serverId)?.node;
    const mineChanged =
      !baseNode || !sameValue(fieldsOf(baseNode), fieldsOf(node)) || hasNewInside(node);
    const id = `removed:${serverId}`;
    const take = decide(
      {
        id,
        kind: 'removed',
        level: node.kind,
        title: (baseNode ?? node).title,
        ...(placed.parentTitle !== undefined && { parentTitle: placed.parentTitle }),
        nodeId,
        opened: baseNode?.title,
        theirs: undefined,
        mine: node.title,
      },
      mineChanged,
      false,
    );
    if (take) tree = removeNode(tree, nodeId);
    else if (choices[id] === 'mine') tree = unsave(tree, nodeId);
  }
  return { changes, draft: tree };
}

function emptyChildren(node: TreeNode): Partial<TreeNode> {
  if (node.kind === 'section') return { lessons: [] };
  if (node.kind === 'lesson') return { topics: [] };
  return {};
}

const hasNewInside = (node: TreeNode): boolean =>
  childrenOf(node).some((child) => child.serverId === undefined || hasNewInside(child));

/** Keep a node the server no longer has as new (with its subtree), so applying creates it again. */
function unsave(tree: TreeDraft, nodeId: string): TreeDraft {
  const where = locate(tree, nodeId)!;
  const strip = (node: TreeNode): TreeNode => {
    const { serverId: _dropped, ...rest } = node;
    void _dropped;
    if (rest.kind === 'section')
      return { ...rest, lessons: rest.lessons.map((l) => strip(l) as never) };
    if (rest.kind === 'lesson')
      return { ...rest, topics: rest.topics.map((t) => strip(t) as never) };
    return rest as TreeNode;
  };
  return addNode(removeNode(tree, nodeId), strip(where.node), {
    parentId: where.parentId,
    index: where.index,
  });
}
