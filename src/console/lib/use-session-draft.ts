// State that survives leaving the page and coming back in the same tab (sessionStorage), for what a
// user typed into a bulk screen and has not sent yet. Cleared by setting it back to the initial value.
import { useCallback, useState } from 'react';

const PREFIX = 'lectern.draft.';

function read<T>(key: string, initial: T): T {
  try {
    const stored = sessionStorage.getItem(PREFIX + key);
    return stored === null ? initial : (JSON.parse(stored) as T);
  } catch {
    return initial;
  }
}

export function useSessionDraft<T>(key: string, initial: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, initial));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        if (JSON.stringify(next) === JSON.stringify(initial)) sessionStorage.removeItem(PREFIX + key);
        else sessionStorage.setItem(PREFIX + key, JSON.stringify(next));
      } catch {
        // Storage full or refused (private mode): the draft lives in memory only.
      }
    },
    [key, initial],
  );
  return [value, update];
}
