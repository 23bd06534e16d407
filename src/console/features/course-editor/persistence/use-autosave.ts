// Keeps a copy of the draft in IndexedDB while it differs from what was saved, so a reload or a
// crash loses nothing (Gutenberg's local backup). Cleared once the draft is applied or discarded.
//
// Writing copies the whole draft on the main thread (several milliseconds for thousands of nodes),
// so it waits for a pause in editing and for an idle moment, and happens at least every few
// seconds during continuous typing. Whatever is still unwritten is written at once when the page is
// about to be left, is hidden or is left (beforeunload, visibilitychange, pagehide: a reload fires
// all three), and when the editor closes.
import { useEffect, useState } from 'react';
import { autosave } from './editor-db.ts';
import type { EditorStore } from '../state/editor-store.ts';

/** Write after the draft has been still this long... */
const QUIET_MS = 600;
/** ...or this long after the first unwritten change, whichever comes first. */
const MAX_WAIT_MS = 3000;
/** How long a due write may wait for the main thread to be idle. */
const IDLE_TIMEOUT_MS = 500;

export function useAutosave(store: EditorStore, key: string, baseVersion: string | null) {
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    let pendingSince: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const cancel = () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
      timer = idle = undefined;
    };
    const write = () => {
      cancel();
      if (pendingSince === null) return;
      pendingSince = null;
      const at = Date.now();
      const task = store.dirty
        ? autosave.save({ key, draft: store.draft, savedAt: at, baseVersion })
        : autosave.clear(key);
      void task.then(() => setSavedAt(store.dirty ? at : null)).catch(() => undefined);
    };
    const whenIdle = () => {
      timer = undefined;
      if (typeof requestIdleCallback === 'undefined') write();
      else idle ??= requestIdleCallback(write, { timeout: IDLE_TIMEOUT_MS });
    };
    const unsubscribe = store.subscribe(() => {
      const now = Date.now();
      pendingSince ??= now;
      if (idle !== undefined) return; // Already due: it runs at the next idle moment.
      clearTimeout(timer);
      timer = setTimeout(whenIdle, Math.min(QUIET_MS, pendingSince + MAX_WAIT_MS - now));
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') write();
    };
    window.addEventListener('beforeunload', write);
    window.addEventListener('pagehide', write);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      write();
      unsubscribe();
      window.removeEventListener('beforeunload', write);
      window.removeEventListener('pagehide', write);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [store, key, baseVersion]);
  return savedAt;
}
