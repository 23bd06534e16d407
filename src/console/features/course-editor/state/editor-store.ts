// The editor's state outside React: the draft with its undo history, and whether it differs from what
// was last saved. Components subscribe to slices (useSyncExternalStore), so a tree edit does not
// re-render the forms and a form edit does not re-render every tree row.
import { useSyncExternalStore } from 'react';
import { childrenOf, isTreeDraft, type CourseDraft, type TreeDraft } from '#compiler/index.ts';
import {
  initialHistory,
  pushEdit,
  redo,
  undo,
  type DraftHistory,
  type HistoryState,
} from './history.ts';

export class EditorStore {
  private history: HistoryState<CourseDraft>;
  private saved: CourseDraft;
  private readonly listeners = new Set<() => void>();
  private running = false;
  private outline: TreeDraft | null = null;

  /** `history`: undo and redo steps restored with a backed-up draft. */
  constructor(draft: CourseDraft, saved: CourseDraft = draft, history?: DraftHistory) {
    this.history = { ...initialHistory(draft), ...history };
    this.saved = saved;
  }

  get draft(): CourseDraft {
    return this.history.present;
  }

  /**
   * The draft as the outline shows it: the same object for as long as the tree (the sections, or a
   * micro-course's topics) is unchanged, so typing in the course form leaves the memoized outline
   * alone. Null for the kinds without an outline.
   */
  get outlineDraft(): TreeDraft | null {
    const draft = this.history.present;
    if (!isTreeDraft(draft)) return (this.outline = null);
    const kept = this.outline;
    if (kept?.kind === draft.kind && childrenOf(kept) === childrenOf(draft)) return kept;
    return (this.outline = draft);
  }

  /** The undo and redo steps, to back up with the draft. */
  get steps(): DraftHistory {
    return { past: this.history.past, future: this.history.future };
  }

  /** True while a plan runs (read by the leave guard at the moment of leaving). */
  get busy(): boolean {
    return this.running;
  }

  setBusy(busy: boolean): void {
    this.running = busy;
  }

  get canUndo(): boolean {
    return this.history.past.length > 0;
  }

  get canRedo(): boolean {
    return this.history.future.length > 0;
  }

  /** True while the draft differs from the last saved (applied or loaded) version. */
  get dirty(): boolean {
    return this.history.present !== this.saved;
  }

  /**
   * Apply an edit; `mergeKey` coalesces typing in one field into one undo step. `sameStep`: the edit
   * completes the last one (a new row's title typed after the row was added), whenever it comes.
   */
  edit(
    update: (draft: CourseDraft) => CourseDraft,
    mergeKey: string | null = null,
    sameStep = false,
  ): CourseDraft {
    const next = update(this.history.present);
    if (sameStep && next !== this.history.present && this.history.lastKey === mergeKey)
      this.set({ ...this.history, present: next, future: [] });
    else this.set(pushEdit(this.history, next, mergeKey));
    return this.history.present;
  }

  /** Take back the last edit if it is still the last one (a new row cancelled with Escape). */
  cancel(expected: CourseDraft): void {
    const previous = this.history.past.at(-1);
    if (this.history.present !== expected || previous === undefined) return;
    this.set({ ...undo(this.history), future: this.history.future });
  }

  undo(): void {
    this.set(undo(this.history));
  }

  redo(): void {
    this.set(redo(this.history));
  }

  /** Replace the draft and mark it saved (after an apply, or when the server version is taken). */
  markSaved(draft: CourseDraft): void {
    this.saved = draft;
    this.history = initialHistory(draft);
    this.emit();
  }

  private set(next: HistoryState<CourseDraft>): void {
    if (next === this.history) return;
    this.history = next;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** A slice of the store; the selector must return stable values (draft parts keep identity). */
export function useEditorSlice<T>(store: EditorStore, select: (store: EditorStore) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store));
}
