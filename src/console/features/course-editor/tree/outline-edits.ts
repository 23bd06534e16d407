// Tree edits as the editor offers them, with the API's limits checked where the user acts: a saved
// node cannot be deleted and saved lessons/topics cannot be reordered within their parent (spec 4.2),
// so those edits are refused with the compiler's explanation and an alternative.
import {
  COMPILER_MESSAGES,
  addNode,
  allNodes,
  childKindOf,
  childrenOf,
  findNode,
  locate,
  moveNode,
  newLesson,
  newSection,
  newTopic,
  removeNode,
  type IdGenerator,
  type Position,
  type TreeDraft,
  type TreeNode,
} from '#compiler/index.ts';

export const UNUSED_TITLE = 'Unused';

export type EditOutcome =
  | { ok: true; draft: TreeDraft; focusId?: string }
  | { ok: false; message: string; offerUnused?: boolean };

const PARENT_NAME = { lesson: 'section', topic: 'lesson', section: 'course' } as const;

const savedInside = (node: TreeNode): boolean =>
  node.serverId !== undefined || childrenOf(node).some(savedInside);

export function addChild(draft: TreeDraft, parentId: string | null, ids: IdGenerator): EditOutcome {
  const parent = parentId === null ? null : findNode(draft, parentId);
  if (parent === undefined) return { ok: false, message: 'That item no longer exists' };
  const kind = childKindOf(draft, parent);
  if (!kind) return { ok: false, message: 'A topic has no children' };
  const count = childrenOf(parent ?? draft).length;
  const node =
    kind === 'section'
      ? newSection(`Section ${count + 1}`, ids)
      : kind === 'lesson'
        ? newLesson(`Lesson ${count + 1}`, ids)
        : newTopic(`Topic ${count + 1}`, 'text', ids);
  return {
    ok: true,
    draft: addNode(draft, node, { parentId, index: count }),
    focusId: node.clientId,
  };
}

export function removeChecked(draft: TreeDraft, id: string): EditOutcome {
  const where = locate(draft, id);
  if (!where) return { ok: false, message: 'That item no longer exists' };
  if (savedInside(where.node))
    return {
      ok: false,
      message: COMPILER_MESSAGES.cannotDelete(where.node.kind, where.node.title),
      offerUnused: where.node.kind !== 'section' && draft.kind === 'courseGroup',
    };
  return { ok: true, draft: removeNode(draft, id) };
}

export function moveChecked(draft: TreeDraft, id: string, to: Position): EditOutcome {
  const where = locate(draft, id);
  if (!where) return { ok: false, message: 'That item no longer exists' };
  const { node } = where;
  if (where.parentId === to.parentId && where.index === to.index) return { ok: true, draft };
  const reorderInPlace =
    node.serverId !== undefined && node.kind !== 'section' && where.parentId === to.parentId;
  if (reorderInPlace)
    return {
      ok: false,
      message: COMPILER_MESSAGES.cannotReorder(node.kind, PARENT_NAME[node.kind]),
    };
  return { ok: true, draft: moveNode(draft, id, to), focusId: id };
}

/** Move a saved lesson or topic into an "Unused" container (created if needed) instead of deleting. */
export function moveToUnused(draft: TreeDraft, id: string, ids: IdGenerator): EditOutcome {
  const where = locate(draft, id);
  if (!where || draft.kind !== 'courseGroup' || where.node.kind === 'section')
    return { ok: false, message: 'Only lessons and topics of a course group can be set aside' };
  let next: TreeDraft = draft;
  let containerId: string;
  if (where.node.kind === 'topic') {
    const section = allNodes(draft).find(
      (n) => n.kind === 'section' && n.lessons.some((l) => l.clientId === where.parentId),
    );
    if (!section || section.kind !== 'section')
      return { ok: false, message: 'The topic has no section' };
    const existing = section.lessons.find((l) => l.title === UNUSED_TITLE);
    if (existing) containerId = existing.clientId;
    else {
      const lesson = newLesson(UNUSED_TITLE, ids);
      next = addNode(next, lesson, { parentId: section.clientId, index: section.lessons.length });
      containerId = lesson.clientId;
    }
  } else {
    const existing = draft.sections.find((s) => s.title === UNUSED_TITLE);
    if (existing) containerId = existing.clientId;
    else {
      const section = newSection(UNUSED_TITLE, ids);
      next = addNode(next, section, { parentId: null, index: draft.sections.length });
      containerId = section.clientId;
    }
  }
  if (containerId === where.parentId) return { ok: true, draft };
  const container = findNode(next, containerId)!;
  return {
    ok: true,
    draft: moveNode(next, id, { parentId: containerId, index: childrenOf(container).length }),
    focusId: id,
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
