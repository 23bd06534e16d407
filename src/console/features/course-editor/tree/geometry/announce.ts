// Screen-reader descriptions of a drag, from the same projection and move rules that decide the drop.
import type { FlatNode } from './flat-tree.ts';
import type { Projection } from './projection.ts';

const nameOf = (item: FlatNode | undefined) =>
  item ? `${item.kind} ${item.node.title || '(untitled)'}` : 'the course';

/** `refusal`: why the move rules would refuse this drop (null: they allow it). */
export function describeProjection(
  items: readonly FlatNode[],
  activeId: string,
  projection: Projection | null,
  refusal: string | null = null,
): string {
  const active = items.find((item) => item.id === activeId);
  if (!active) return '';
  if (!projection)
    return `${nameOf(active)} cannot be dropped here: no ${active.kind === 'topic' ? 'lesson' : 'section'} above this place.`;
  const parent = items.find((item) => item.id === projection.parentId);
  const place = `position ${projection.index + 1} in ${nameOf(parent)}`;
  if (refusal) return `${nameOf(active)} cannot move to ${place}: ${refusal}.`;
  if (active.parentId === projection.parentId && active.index === projection.index)
    return `${nameOf(active)} is at ${place}.`;
  return `${nameOf(active)} would move to ${place}.`;
}

export const TREE_INSTRUCTIONS =
  'To pick up an item, press Space or Enter. Use the Up and Down arrow keys to move it, Left and Right to change its indentation. Press Space or Enter again to drop it, or Escape to cancel.';
