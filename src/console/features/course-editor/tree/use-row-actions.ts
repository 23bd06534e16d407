// The outline's row actions, bound to the store once (stable identity keeps memoized rows cheap).
import { useMemo } from 'react';
import {
  duplicateNode,
  isTreeDraft,
  randomId,
  renameNode,
  type TreeDraft,
} from '#compiler/index.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { addChild, removeChecked, type EditOutcome } from './outline-edits.ts';
import type { RowActions } from './tree-row.tsx';

export interface Notice {
  nodeId: string;
  message: string;
  offerUnused: boolean;
}

export function useRowActions(
  store: EditorStore,
  handlers: {
    select(id: string | null, focus?: boolean): void;
    toggle(id: string, open?: boolean): void;
    notify(notice: Notice | null): void;
  },
): Omit<RowActions, 'focusRow'> & { apply(outcome: EditOutcome, nodeId: string): void } {
  return useMemo(() => {
    const tree = (): TreeDraft | null => (isTreeDraft(store.draft) ? store.draft : null);
    const apply = (outcome: EditOutcome, nodeId: string) => {
      if (!outcome.ok) {
        handlers.notify({ nodeId, message: outcome.message, offerUnused: !!outcome.offerUnused });
        return;
      }
      handlers.notify(null);
      if (outcome.draft !== store.draft) store.edit(() => outcome.draft);
      if (outcome.focusId) handlers.select(outcome.focusId, true);
    };
    return {
      apply,
      select: (id) => handlers.select(id),
      toggle: (id) => handlers.toggle(id),
      addChild: (id) => {
        const draft = tree();
        if (!draft) return;
        handlers.toggle(id, true);
        apply(addChild(draft, id, randomId), id);
      },
      duplicate: (id) => {
        const draft = tree();
        if (!draft) return;
        const result = duplicateNode(draft, id, randomId);
        apply({ ok: true, draft: result.draft, focusId: result.id }, id);
      },
      remove: (id) => {
        const draft = tree();
        if (draft) apply(removeChecked(draft, id), id);
      },
      rename: (id, title) => {
        const draft = tree();
        if (draft) apply({ ok: true, draft: renameNode(draft, id, title) }, id);
      },
    };
    // The handlers object is created once by the editor (stable setters).
  }, [store]); // eslint-disable-line react-hooks/exhaustive-deps
}
