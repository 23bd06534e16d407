// The outline's actions, bound to the store once (stable identity keeps memoized rows cheap). Each
// reads the latest draft and rules when it runs. A refused edit becomes a notice at its row; a done
// one is said in the outline's live region and moves focus where the user's next key belongs.
import { useMemo, useRef } from 'react';
import {
  findNode,
  isTreeDraft,
  randomId,
  type PlacementRule,
  type TreeDraft,
} from '#compiler/index.ts';
import type { EditorStore } from '../../state/editor-store.ts';
import type { CourseTreeHandle } from '../course-tree.tsx';
import { flatten } from '../geometry/flat-tree.ts';
import {
  addAfter,
  addChild,
  duplicate,
  moveStep,
  removeChecked,
  rename,
  type EditOutcome,
} from './outline-edits.ts';
import type { RowActions } from './row-actions.ts';

export interface Editing {
  id: string;
  isNew: boolean;
  /** A new row: the draft right after it was added (Escape takes the add back), and where it came from. */
  added?: TreeDraft;
  from?: string | null;
}

export interface Notice {
  nodeId: string;
  message: string;
  offer?: 'unused' | 'hide' | undefined;
  /** Already announced (by the drag's own announcement): shown, not announced again. */
  quiet?: boolean;
}

export interface OutlineHandlers {
  tree: { readonly current: CourseTreeHandle | null };
  rule: { readonly current: PlacementRule };
  collapsed: { readonly current: ReadonlySet<string> };
  select(id: string): void;
  toggle(id: string, open?: boolean): void;
  setEditing(editing: Editing | null): void;
  editing: { readonly current: Editing | null };
  setNotice(notice: Notice | null): void;
  openMoveTo(id: string): void;
  openRemove(id: string, offer: 'unused' | 'hide'): void;
  say(text: string): void;
  /** Back to where an add started: its row, or the outline's add button (null). */
  focusOrigin(id: string | null): void;
}

export type OutlineActions = Omit<RowActions, 'focusRow'> & {
  /** Apply an edit's outcome: the draft, or the refusal as a notice at `nodeId`. */
  apply(outcome: EditOutcome, nodeId: string, quiet?: boolean): boolean;
  /** A new row at the end of `parentId` (null: the course), with its title field open. */
  addInside(parentId: string | null): void;
};

export function useOutlineActions(store: EditorStore, h: OutlineHandlers): OutlineActions {
  const confirmed = useRef<string | null>(null);
  return useMemo(() => {
    const tree = (): TreeDraft | null => (isTreeDraft(store.draft) ? store.draft : null);
    const apply = (outcome: EditOutcome, nodeId: string, quiet = false): boolean => {
      if (!outcome.ok) {
        h.setNotice({ nodeId, message: outcome.message, offer: outcome.offer, quiet });
        if (!quiet) h.say('');
        return false;
      }
      h.setNotice(null);
      if (outcome.draft !== store.draft) store.edit(() => outcome.draft);
      if (outcome.said) h.say(outcome.said);
      if (outcome.focusId) h.tree.current?.focus(outcome.focusId);
      return true;
    };
    /** Put a new row in with its title field open and focused. */
    const addNew = (outcome: EditOutcome, from: string | null) => {
      if (!outcome.ok || !outcome.focusId) return void apply(outcome, from ?? '');
      h.setNotice(null);
      const id = outcome.focusId;
      const added = store.edit(() => outcome.draft, `new:${id}`) as TreeDraft;
      h.setEditing({ id, isNew: true, added, from });
      h.tree.current?.focus(id);
    };
    const addInside = (parentId: string | null) => {
      const draft = tree();
      if (!draft) return;
      if (parentId) h.toggle(parentId, true);
      addNew(addChild(draft, parentId, randomId), parentId);
    };
    /** The row to focus once `id` is gone: the next one, else the one before. */
    const neighbour = (draft: TreeDraft, id: string) => {
      const list = flatten(draft, h.collapsed.current);
      const index = list.findIndex((item) => item.id === id);
      return (list[index + 1] ?? list[index - 1])?.id;
    };
    return {
      apply,
      addInside,
      select: (id) => h.select(id),
      toggle: (id) => h.toggle(id),
      forgetConfirmed: () => {
        confirmed.current = null;
      },
      enter: (id) => {
        const draft = tree();
        if (confirmed.current === id && draft) {
          confirmed.current = null;
          addNew(addAfter(draft, id, randomId, h.rule.current), id);
        } else h.select(id);
      },
      addChild: (id) => addInside(id),
      addAfter: (id) => {
        const draft = tree();
        if (draft) addNew(addAfter(draft, id, randomId, h.rule.current), id);
      },
      duplicate: (id) => {
        const draft = tree();
        if (!draft) return;
        const outcome = duplicate(draft, id, randomId, h.rule.current);
        if (apply(outcome, id) && outcome.ok && outcome.focusId) h.select(outcome.focusId);
      },
      remove: (id) => {
        const draft = tree();
        if (!draft) return;
        const outcome = removeChecked(draft, id);
        if (!outcome.ok && outcome.offer) return h.openRemove(id, outcome.offer);
        const next = neighbour(draft, id);
        if (apply(outcome, id) && next) h.tree.current?.focus(next);
      },
      moveStep: (id, step) => {
        const draft = tree();
        if (draft) apply(moveStep(draft, id, step, h.rule.current), id);
      },
      canStep: (id, step) => {
        const draft = tree();
        return !!draft && moveStep(draft, id, step, h.rule.current).ok;
      },
      openMoveTo: (id) => h.openMoveTo(id),
      startRename: (id) => {
        h.setEditing({ id, isNew: false });
        h.tree.current?.focus(id, true);
      },
      commitTitle: (id, title, how) => {
        const editing = h.editing.current;
        h.setEditing(null);
        const draft = tree();
        const node = draft && findNode(draft, id);
        const text = title.trim();
        if (draft && node && text !== '' && text !== node.title) {
          const next = rename(draft, id, text);
          if (next.ok) store.edit(() => next.draft, `new:${id}`, editing?.isNew === true);
        }
        if (how === 'enter') {
          confirmed.current = id;
          h.tree.current?.focus(id, true);
        }
      },
      cancelTitle: (id) => {
        const editing = h.editing.current;
        h.setEditing(null);
        if (editing?.isNew && editing.added) {
          store.cancel(editing.added);
          h.focusOrigin(editing.from ?? null);
          h.say('Adding cancelled.');
        } else h.tree.current?.focus(id, true);
      },
    };
    // The handlers are refs and stable setters, created once by the outline.
  }, [store]); // eslint-disable-line react-hooks/exhaustive-deps
}
