// The editor's state outside React: the draft with its undo history, whether it differs from what
// was last saved, what was typed into fields whose value the draft cannot hold, and whether this tab
// may edit at all (another tab or a colleague holds the course: every edit is refused here, the one
// place all edits pass). Components subscribe to slices (useSyncExternalStore), so a tree edit does
// not re-render the forms and a form edit does not re-render every tree row.
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
  private locked = false;
  private typedValues: Readonly<Record<string, string>>;

  /** `history`: undo and redo steps restored with a backed-up draft; `typed`: its typed values. */
  constructor(
    draft: CourseDraft,
    saved: CourseDraft = draft,
    history?: DraftHistory,
    typed: Readonly<Record<string, string>> = {},
  ) {
    this.history = { ...initialHistory(draft), ...history };
    this.saved = saved;
    this.typedValues = typed;
  }

  /** True while another tab or a colleague edits the course: edits are refused. */
  get readOnly(): boolean {
    return this.locked;
  }

  setReadOnly(readOnly: boolean): void {
    if (readOnly === this.locked) return;
    this.locked = readOnly;
    this.emit();
  }

  /** What was typed into fields whose value the draft cannot hold, by `${nodeId}|${field}`. */
  get typed(): Readonly<Record<string, string>> {
    return this.typedValues;
  }

  /** Keeps (or, with null, forgets) what was typed into a field the draft cannot hold it in. */
  setTyped(key: string, text: string | null): void {
    if (this.locked || (this.typedValues[key] ?? null) === text) return;
    const { [key]: _old, ...rest } = this.typedValues;
    void _old;
    this.typedValues = text === null ? rest : { ...rest, [key]: text };
    this.emit();
  }

  /** The whole state of another tab's editor, which this one follows (or takes over from). */
  adopt(state: {
    draft: CourseDraft;
    saved: CourseDraft;
    history: DraftHistory;
    typed: Readonly<Record<string, string>>;
  }): void {
    this.saved = state.saved;
    this.history = { ...initialHistory(state.draft), ...state.history };
    this.typedValues = state.typed;
    this.emit();
  }

  /** The saved version the draft is compared with. */
  get savedDraft(): CourseDraft {
    return this.saved;
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

  /** True while the draft differs from the last saved (applied or loaded) version, or keeps typing. */
  get dirty(): boolean {
    return this.history.present !== this.saved || Object.keys(this.typedValues).length > 0;
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
    if (this.locked) return this.history.present;
    const next = update(this.history.present);
    if (sameStep && next !== this.history.present && this.history.lastKey === mergeKey)
      this.set({ ...this.history, present: next, future: [] });
    else this.set(pushEdit(this.history, next, mergeKey));
    return this.history.present;
  }

  /** Take back the last edit if it is still the last one (a new row cancelled with Escape). */
  cancel(expected: CourseDraft): void {
    if (this.locked) return;
    const previous = this.history.past.at(-1);
    if (this.history.present !== expected || previous === undefined) return;
    this.set({ ...undo(this.history), future: this.history.future });
  }

  undo(): void {
    if (!this.locked) this.set(undo(this.history));
  }

  redo(): void {
    if (!this.locked) this.set(redo(this.history));
  }

  /** Replace the draft and mark it saved (after an apply, or when the server version is taken). */
  markSaved(draft: CourseDraft): void {
    this.saved = draft;
    this.history = initialHistory(draft);
    this.typedValues = {};
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
