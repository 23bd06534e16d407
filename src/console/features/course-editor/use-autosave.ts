// Keeps a copy of the draft in IndexedDB while it differs from what was saved, so a reload or a
// crash loses nothing (Gutenberg's local backup). Cleared once the draft is applied or discarded.
import { useEffect, useState } from 'react';
import { autosave } from './editor-db.ts';
import type { EditorStore } from './editor-store.ts';

const WRITE_DELAY_MS = 150;

export function useAutosave(store: EditorStore, key: string, baseVersion: string | null) {
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      timer = undefined;
      const at = Date.now();
      const task = store.dirty
        ? autosave.save({ key, draft: store.draft, savedAt: at, baseVersion })
        : autosave.clear(key);
      void task.then(() => setSavedAt(store.dirty ? at : null)).catch(() => undefined);
    };
    const flush = () => {
      if (timer !== undefined) {
        clearTimeout(timer);
        write();
      }
    };
    const unsubscribe = store.subscribe(() => {
      if (timer === undefined) timer = setTimeout(write, WRITE_DELAY_MS);
    });
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      unsubscribe();
      window.removeEventListener('pagehide', flush);
    };
  }, [store, key, baseVersion]);
  return savedAt;
}
