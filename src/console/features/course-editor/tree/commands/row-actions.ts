// What a row of the outline can ask for. One object for the whole tree, created once (stable identity
// keeps memoized rows from re-rendering); every action reads the latest draft when it runs.
import type { NodeKind } from '#compiler/index.ts';

export type FocusMove = 1 | -1 | 'first' | 'last' | 'parent';

export interface RowActions {
  /** Show the node's details. */
  select(id: string): void;
  toggle(id: string): void;
  /** Enter on a row: right after its title was confirmed, a new sibling; otherwise its details. */
  enter(id: string): void;
  /** Any other key or leaving the row ends the "Enter again adds the next one" moment. */
  forgetConfirmed(): void;
  addChild(id: string): void;
  addAfter(id: string): void;
  duplicate(id: string): void;
  /** Remove, or for saved content explain and offer what the API can do instead. */
  remove(id: string): void;
  moveStep(id: string, step: -1 | 1): void;
  openMoveTo(id: string): void;
  startRename(id: string): void;
  /** The inline title field: `how` says whether Enter confirmed it (the next Enter adds a sibling). */
  commitTitle(id: string, title: string, how: 'enter' | 'blur'): void;
  cancelTitle(id: string): void;
  /** Move keyboard focus to another row (rows off screen are scrolled in). */
  focusRow(id: string, to: FocusMove): void;
  /** Whether a move up or down has somewhere to go (for the menu's disabled items). */
  canStep(id: string, step: -1 | 1): boolean;
}

export const CHILD_WORD: Record<NodeKind, string> = {
  section: 'section',
  lesson: 'lesson',
  topic: 'topic',
};
