// Tree edits as the editor offers them, with the API's limits checked where the user acts (a drop, a
// move up or down, "Move to…", the row menu), all through the same rules: saved content cannot be
// deleted, and saved lessons and topics keep their saved order in their parent, with moved and new
// ones after them (the compiler's placementRule). A refused edit says why, in the compiler's words,
// and offers what the API can do instead.
import {
  COMPILER_MESSAGES,
  addNode,
  allNodes,
  childKindOf,
  childrenOf,
  duplicateNode,
  findNode,
  locate,
  moveNode,
  newLesson,
  newSection,
  newTopic,
  removeNode,
  renameNode,
  setNodeFields,
  type IdGenerator,
  type NodeKind,
  type PlacementRule,
  type Position,
  type SectionNode,
  type TreeDraft,
  type TreeNode,
} from '#compiler/index.ts';
import { nodeName } from '../node-names.ts';
import { isHiddenRelease } from '../../../../lib/hidden-sections.ts';

export const UNUSED_TITLE = 'Unused';
/** The release date of the "Unused" section: learners never reach it. */
export const UNUSED_RELEASE_DATE = '9999-12-31T00:00:00.000Z';

/** A section learners never see: released on the "Unused" date. */
export const isHiddenSection = (node: TreeNode): node is SectionNode =>
  node.kind === 'section' && isHiddenRelease(node.releaseDate);

export type EditOutcome =
  | { ok: true; draft: TreeDraft; focusId?: string; said?: string }
  | { ok: false; message: string; offer?: 'unused' | 'hide' };

const PARENT_NAME = { lesson: 'section', topic: 'lesson', section: 'course' } as const;

const savedInside = (node: TreeNode): boolean =>
  node.serverId !== undefined || childrenOf(node).some(savedInside);

function newNode(kind: NodeKind, title: string, ids: IdGenerator): TreeNode {
  if (kind === 'section') return newSection(title, ids);
  if (kind === 'lesson') return newLesson(title, ids);
  return newTopic(title, 'text', ids);
}

/** Insert `node` at `index` of `parentId`, or at the closest place after it the API can make. */
function insertAchievable(
  draft: TreeDraft,
  node: TreeNode,
  parentId: string | null,
  index: number,
  rule: PlacementRule,
): TreeDraft {
  const parent = parentId === null ? draft : findNode(draft, parentId)!;
  const count = childrenOf(parent).length;
  for (let at = index; at <= count; at++) {
    const next = addNode(draft, node, { parentId, index: at });
    if (!rule.misplacedIn(next, parentId).has(node.clientId)) return next;
  }
  return addNode(draft, node, { parentId, index: count });
}

/** A new child at the end of `parentId` (null: the root), named by its position. */
export function addChild(draft: TreeDraft, parentId: string | null, ids: IdGenerator): EditOutcome {
  const parent = parentId === null ? null : findNode(draft, parentId);
  if (parent === undefined) return { ok: false, message: 'That item no longer exists' };
  const kind = childKindOf(draft, parent);
  if (!kind) return { ok: false, message: 'A topic has no children' };
  const count = childrenOf(parent ?? draft).length;
  const node = newNode(kind, `${KIND_TITLE[kind]} ${count + 1}`, ids);
  return {
    ok: true,
    draft: addNode(draft, node, { parentId, index: count }),
    focusId: node.clientId,
  };
}

const KIND_TITLE = { section: 'Section', lesson: 'Lesson', topic: 'Topic' } as const;

/** A new sibling right after `id` (or the closest place after it the API can make). */
export function addAfter(
  draft: TreeDraft,
  id: string,
  ids: IdGenerator,
  rule: PlacementRule,
): EditOutcome {
  const where = locate(draft, id);
  if (!where) return { ok: false, message: 'That item no longer exists' };
  const parent = where.parentId === null ? draft : findNode(draft, where.parentId)!;
  const node = newNode(
    where.node.kind,
    `${KIND_TITLE[where.node.kind]} ${childrenOf(parent).length + 1}`,
    ids,
  );
  return {
    ok: true,
    draft: insertAchievable(draft, node, where.parentId, where.index + 1, rule),
    focusId: node.clientId,
  };
}

/** A copy of the node and its subtree, titled "… (copy)", as close after the original as allowed. */
export function duplicate(
  draft: TreeDraft,
  id: string,
  ids: IdGenerator,
  rule: PlacementRule,
): EditOutcome {
  const where = locate(draft, id);
  if (!where) return { ok: false, message: 'That item no longer exists' };
  const copied = duplicateNode(draft, id, ids);
  const copy = findNode(copied.draft, copied.id)!;
  const titled = { ...copy, title: `${where.node.title ?? ''} (copy)`.trim() } as TreeNode;
  return {
    ok: true,
    draft: insertAchievable(draft, titled, where.parentId, where.index + 1, rule),
    focusId: titled.clientId,
  };
}

export const rename = (draft: TreeDraft, id: string, title: string): EditOutcome =>
  findNode(draft, id)
    ? { ok: true, draft: renameNode(draft, id, title) }
    : { ok: false, message: 'That item no longer exists' };

export function removeChecked(draft: TreeDraft, id: string): EditOutcome {
  const where = locate(draft, id);
  if (!where) return { ok: false, message: 'That item no longer exists' };
  if (savedInside(where.node))
    return {
      ok: false,
      message: COMPILER_MESSAGES.cannotDelete(where.node.kind, where.node.title ?? ''),
      ...(draft.kind === 'courseGroup' && {
        offer: where.node.kind === 'section' ? ('hide' as const) : ('unused' as const),
      }),
    };
  return { ok: true, draft: removeNode(draft, id), said: `Removed ${nodeName(draft, id)}.` };
}

/** Move `id` to `to`, refused where the API could not place it (with the compiler's message). */
export function moveChecked(
  draft: TreeDraft,
  id: string,
  to: Position,
  rule: PlacementRule,
): EditOutcome {
  const where = locate(draft, id);
  if (!where) return { ok: false, message: 'That item no longer exists' };
  if (where.parentId === to.parentId && where.index === to.index) return { ok: true, draft };
  const moved = moveNode(draft, id, to);
  const before = rule.misplacedIn(draft, to.parentId);
  const now = rule.misplacedIn(moved, to.parentId);
  if ([...now].some((key) => !before.has(key))) {
    const kind = where.node.kind === 'section' ? 'lesson' : where.node.kind;
    return { ok: false, message: COMPILER_MESSAGES.cannotReorder(kind, PARENT_NAME[kind]) };
  }
  return { ok: true, draft: moved, focusId: id, said: placedWords(moved, id) };
}

/** "Moved to position 2 in Lesson “Intro”." */
export function placedWords(draft: TreeDraft, id: string): string {
  const where = locate(draft, id)!;
  const parent = where.parentId === null ? 'the course' : nodeName(draft, where.parentId);
  return `Moved ${nodeName(draft, id)} to position ${where.index + 1} in ${parent}.`;
}

/**
 * Move up (-1) or down (+1): past the next sibling; from the first or last place of its parent, into
 * the previous or next container of the same level (a topic into the previous lesson, at the end; or
 * the next lesson, as near its top as the API allows).
 */
export function moveStep(
  draft: TreeDraft,
  id: string,
  step: -1 | 1,
  rule: PlacementRule,
): EditOutcome {
  const where = locate(draft, id);
  if (!where) return { ok: false, message: 'That item no longer exists' };
  const parent = where.parentId === null ? draft : findNode(draft, where.parentId)!;
  const siblings = childrenOf(parent);
  const index = where.index + step;
  if (index >= 0 && index < siblings.length)
    return moveChecked(draft, id, { parentId: where.parentId, index }, rule);
  if (where.parentId === null)
    return { ok: false, message: `Already at the ${step < 0 ? 'top' : 'bottom'} of the course.` };
  const containers = allNodes(draft).filter((node) => node.kind === parent.kind);
  const next = containers[containers.findIndex((n) => n.clientId === where.parentId) + step];
  if (!next)
    return { ok: false, message: `Already at the ${step < 0 ? 'top' : 'bottom'} of the course.` };
  const count = childrenOf(next).length;
  const attempts = step < 0 ? [count] : Array.from({ length: count + 1 }, (_, i) => i);
  let refused: EditOutcome | undefined;
  for (const at of attempts) {
    const outcome = moveChecked(draft, id, { parentId: next.clientId, index: at }, rule);
    if (outcome.ok) return outcome;
    refused ??= outcome;
  }
  return refused!;
}

/** The parents a node can move to ("Move to…"), in document order: its level's containers. */
export function moveTargets(draft: TreeDraft, id: string): (TreeNode | null)[] {
  const node = findNode(draft, id);
  if (!node) return [];
  if (childKindOf(draft, null) === node.kind) return [null];
  return allNodes(draft).filter(
    (candidate) =>
      childKindOf(draft, candidate) === node.kind && !isInside(node, candidate.clientId),
  );
}

const isInside = (node: TreeNode, id: string): boolean =>
  node.clientId === id || childrenOf(node).some((child) => isInside(child, id));

/**
 * Set a saved lesson or topic aside instead of deleting it: into the "Unused" section, which is
 * released on 31 December 9999 so learners never see it (a topic goes into its "Unused" lesson).
 * Both are created when missing.
 */
export function moveToUnused(draft: TreeDraft, id: string, ids: IdGenerator): EditOutcome {
  const where = locate(draft, id);
  if (!where || draft.kind !== 'courseGroup' || where.node.kind === 'section')
    return { ok: false, message: 'Only lessons and topics of a course can be set aside' };
  let next: TreeDraft = draft;
  let section = draft.sections.find(
    (s) => isHiddenSection(s) && s.title === UNUSED_TITLE && !isInside(s, id),
  );
  if (!section) {
    section = { ...newSection(UNUSED_TITLE, ids), releaseDate: UNUSED_RELEASE_DATE };
    next = addNode(next, section, { parentId: null, index: draft.sections.length });
  }
  let containerId = section.clientId;
  if (where.node.kind === 'topic') {
    const lesson = section.lessons.find((l) => l.title === UNUSED_TITLE);
    if (lesson) containerId = lesson.clientId;
    else {
      const created = newLesson(UNUSED_TITLE, ids);
      next = addNode(next, created, { parentId: section.clientId, index: section.lessons.length });
      containerId = created.clientId;
    }
  }
  const container = findNode(next, containerId)!;
  const moved = moveNode(next, id, { parentId: containerId, index: childrenOf(container).length });
  return {
    ok: true,
    draft: moved,
    focusId: id,
    said: `Moved ${nodeName(draft, id)} to “${UNUSED_TITLE}”, which learners never see.`,
  };
}

/** Hide a saved section from learners: released on the "Unused" date, its content kept inside. */
export function hideSection(draft: TreeDraft, id: string): EditOutcome {
  const node = findNode(draft, id);
  if (!node || node.kind !== 'section')
    return { ok: false, message: 'Only sections can be hidden' };
  return {
    ok: true,
    draft: setNodeFields(draft, id, { releaseDate: UNUSED_RELEASE_DATE }),
    focusId: id,
    said: `${nodeName(draft, id)} is now hidden from learners.`,
  };
}

/** The ids of a node's ancestors, nearest first (to expand them when the node is shown). */
export function ancestorsOf(draft: TreeDraft, id: string): string[] {
  const out: string[] = [];
  let current = locate(draft, id);
  while (current?.parentId) {
    out.push(current.parentId);
    current = locate(draft, current.parentId);
  }
  return out;
}
