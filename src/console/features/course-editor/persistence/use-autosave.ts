// Keeps a copy of the draft in IndexedDB while it differs from what was saved, so a reload, a new
// tab or a crash loses nothing (Gutenberg's local backup): the draft, its undo history, and the
// course as it was when the draft was begun (the baseline the draft is planned against), so that
// applying a restored draft still notices what others changed since. Cleared once the draft is
// applied or discarded.
//
// Writing copies the draft on the main thread (several milliseconds for thousands of nodes), so it
// waits for a pause in editing and for an idle moment, and happens at least every few seconds during
// continuous typing. Whatever is still unwritten is written at once when the page is about to be
// left, is hidden or is left (beforeunload, visibilitychange, pagehide: a reload fires all three),
// and when the editor closes. The baseline is written only when it changes. A read-only tab (another
// tab or a colleague edits the course) writes nothing: it would overwrite the editing tab's backup.
import { useEffect, useRef, useState } from 'react';
import type { Baseline } from '#compiler/index.ts';
import { autosave } from './editor-db.ts';
import type { EditorStore } from '../state/editor-store.ts';

/** Write after the draft has been still this long... */
const QUIET_MS = 600;
/** ...or this long after the first unwritten change, whichever comes first. */
const MAX_WAIT_MS = 3000;
/** How long a due write may wait for the main thread to be idle. */
const IDLE_TIMEOUT_MS = 500;

export interface Autosave {
  /** When the backup was last written (null: there is none). */
  savedAt: number | null;
  /** Writes (or clears) the backup now; resolves once it is committed. */
  flush(): Promise<void>;
}

export function useAutosave(
  store: EditorStore,
  key: string,
  /**
   * The course as it was when the draft was begun; null for a new course, and for a draft restored
   * without it (stale: stored as such until the user has reviewed the server's changes).
   */
  baseline: Baseline | null,
  /** The baseline the restored backup already holds (not written again). */
  storedBaseline: Baseline | null,
): Autosave {
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const flushRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const written = useRef<{ baseline: Baseline | null } | null>(
    storedBaseline ? { baseline: storedBaseline } : null,
  );
  useEffect(() => {
    let pendingSince: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    let last: Promise<void> = Promise.resolve();
    const cancel = () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
      timer = idle = undefined;
    };
    const write = (): Promise<void> => {
      cancel();
      if (pendingSince === null) return last;
      pendingSince = null;
      // A read-only tab follows the tab that edits: only that one writes (or clears) the backup.
      if (store.readOnly) return last;
      const at = Date.now();
      let task: Promise<void>;
      if (store.dirty) {
        const newBaseline = written.current?.baseline === baseline ? undefined : baseline;
        task = autosave.save(
          {
            key,
            draft: store.draft,
            savedAt: at,
            history: store.steps,
            typed: { ...store.typed },
            hasBaseline: baseline !== null,
          },
          newBaseline,
        );
        if (newBaseline !== undefined) written.current = { baseline };
      } else {
        written.current = null;
        task = autosave.clear(key);
      }
      last = task.then(() => setSavedAt(store.dirty ? at : null)).catch(() => undefined);
      return last;
    };
    flushRef.current = () => {
      pendingSince ??= Date.now();
      return write();
    };
    const whenIdle = () => {
      timer = undefined;
      if (typeof requestIdleCallback === 'undefined') void write();
      else idle ??= requestIdleCallback(() => void write(), { timeout: IDLE_TIMEOUT_MS });
    };
    const unsubscribe = store.subscribe(() => {
      const now = Date.now();
      pendingSince ??= now;
      if (idle !== undefined) return; // Already due: it runs at the next idle moment.
      clearTimeout(timer);
      timer = setTimeout(whenIdle, Math.min(QUIET_MS, pendingSince + MAX_WAIT_MS - now));
    });
    // A new baseline (a merge with the server's changes, an apply) is backed up with the draft.
    if (written.current && written.current.baseline !== baseline) {
      pendingSince ??= Date.now();
      timer = setTimeout(whenIdle, QUIET_MS);
    }
    const leave = () => void write();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void write();
    };
    window.addEventListener('beforeunload', leave);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      void write();
      unsubscribe();
      window.removeEventListener('beforeunload', leave);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [store, key, baseline]);
  const [flush] = useState(() => () => flushRef.current());
  return { savedAt, flush };
}
