// Undo/redo over immutable drafts. Every edit pushes the previous draft; typing in one field within a
// short window merges into one step (a keystroke is not an undo step).
import type { CourseDraft } from '#compiler/index.ts';

export interface HistoryState<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** Merge key and time of the last edit, for coalescing typing. */
  lastKey: string | null;
  lastAt: number;
}

/** The undo and redo steps of a draft, as backed up with it. */
export interface DraftHistory {
  past: readonly CourseDraft[];
  future: readonly CourseDraft[];
}

export const HISTORY_LIMIT = 200;
const MERGE_WINDOW_MS = 800;

export function initialHistory<T>(present: T): HistoryState<T> {
  return { past: [], present, future: [], lastKey: null, lastAt: 0 };
}

export function pushEdit<T>(
  state: HistoryState<T>,
  next: T,
  mergeKey: string | null = null,
  now = Date.now(),
): HistoryState<T> {
  if (Object.is(next, state.present)) return state;
  const merge =
    mergeKey !== null && mergeKey === state.lastKey && now - state.lastAt < MERGE_WINDOW_MS;
  const past = merge ? state.past : [...state.past, state.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], lastKey: mergeKey, lastAt: now };
}

export function undo<T>(state: HistoryState<T>): HistoryState<T> {
  const previous = state.past.at(-1);
  if (previous === undefined) return state;
  return {
    past: state.past.slice(0, -1),
    present: previous,
    future: [state.present, ...state.future],
    lastKey: null,
    lastAt: 0,
  };
}

export function redo<T>(state: HistoryState<T>): HistoryState<T> {
  const [next, ...rest] = state.future;
  if (next === undefined) return state;
  return {
    past: [...state.past, state.present],
    present: next,
    future: rest,
    lastKey: null,
    lastAt: 0,
  };
}
