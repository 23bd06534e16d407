// What a user typed into a bulk screen and has not sent yet survives leaving the page and coming back
// in the same tab (sessionStorage). Keyed per user, so someone else signing in on this tab never sees
// it, and cleared at sign-out. Cleared by setting it back to the initial value.
import { useCallback, useState } from 'react';
import { useSession } from './session.ts';

const PREFIX = 'lectern.draft.';

function read<T>(key: string, initial: T): T {
  try {
    const stored = sessionStorage.getItem(key);
    return stored === null ? initial : (JSON.parse(stored) as T);
  } catch {
    return initial;
  }
}

export function useSessionDraft<T>(name: string, initial: T): [T, (next: T) => void] {
  const { user } = useSession();
  const key = `${PREFIX}${user.email}.${name}`;
  const [value, setValue] = useState<T>(() => read(key, initial));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        if (JSON.stringify(next) === JSON.stringify(initial)) sessionStorage.removeItem(key);
        else sessionStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or refused (private mode): the draft lives in memory only.
      }
    },
    [key, initial],
  );
  return [value, update];
}

/** Forgets every draft of this tab (sign-out). */
export function clearSessionDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
