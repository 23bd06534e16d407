// How the editor names an outline node in sentences (problem list, announcements, dialogs): by its
// title, or by its position when it has none ("Topic 2 in Lesson “Intro”"), never "undefined".
import { findNode, locate, type NodeKind, type TreeDraft, type TreeNode } from '#compiler/index.ts';

export const KIND_WORD: Record<NodeKind, string> = {
  section: 'Section',
  lesson: 'Lesson',
  topic: 'Topic',
};

const titleOf = (node: Pick<TreeNode, 'title'>) =>
  typeof node.title === 'string' && node.title.trim() !== '' ? node.title : null;

/** `Section “Basics”`, or `Section 2` for one without a title. */
export function shortName(node: Pick<TreeNode, 'kind' | 'title'>, index: number): string {
  const title = titleOf(node);
  return title ? `${KIND_WORD[node.kind]} “${title}”` : `${KIND_WORD[node.kind]} ${index + 1}`;
}

/** The node's name; an untitled one by its position in its parent, named in turn. */
export function nodeName(draft: TreeDraft, id: string): string {
  const where = locate(draft, id);
  if (!where) return 'An item that no longer exists';
  const own = shortName(where.node, where.index);
  if (titleOf(where.node) || where.parentId === null) return own;
  const parent = locate(draft, where.parentId);
  return parent ? `${own} in ${shortName(parent.node, parent.index)}` : own;
}

/** The title to show in a row or a heading. */
export const displayTitle = (node: Pick<TreeNode, 'title'>) => titleOf(node) ?? '(untitled)';

export const hasNode = (draft: TreeDraft, id: string) => findNode(draft, id) !== undefined;
