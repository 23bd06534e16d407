// What a user typed into a bulk screen and has not sent yet survives leaving the page and coming back
// in the same tab (sessionStorage). Keyed per user, so someone else signing in on this tab never sees
// it, and cleared at sign-out. Cleared by setting it back to the initial value.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from './session.ts';

const PREFIX = 'lectern.draft.';
/** Where `email`'s draft `name` is kept in the tab's sessionStorage. */
const draftKey = (email: string, name: string) => `${PREFIX}${email}.${name}`;
/** Bumped at sign-out: a write still pending from before must not bring a draft back. */
let generation = 0;

function read<T>(key: string, initial: T): T {
  try {
    const stored = sessionStorage.getItem(key);
    return stored === null ? initial : (JSON.parse(stored) as T);
  } catch {
    return initial;
  }
}

function write<T>(key: string, value: T, initial: T): void {
  try {
    if (value === initial) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the draft lives in memory only.
  }
}

/** `delayMs`: write at most that often (large drafts, such as 10,000 prices). */
export function useSessionDraft<T>(
  name: string,
  initial: T,
  delayMs = 0,
): [T, (next: T | ((previous: T) => T)) => void] {
  const { user } = useSession();
  const key = draftKey(user.email, name);
  const [value, setValue] = useState<T>(() => read(key, initial));
  const latest = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [born] = useState(() => generation);
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (born === generation) write(key, latest.current, initial);
  }, [key, initial, born]);
  // A pending write is not lost when the page is left, in the app or by a reload.
  useEffect(() => {
    const onHide = () => (timer.current ? flush() : undefined);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      onHide();
    };
  }, [flush]);
  const update = useCallback(
    (change: T | ((previous: T) => T)) => {
      const next =
        typeof change === 'function' ? (change as (previous: T) => T)(latest.current) : change;
      latest.current = next;
      setValue(next);
      if (delayMs === 0) return flush();
      if (!timer.current) timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );
  return [value, update];
}

/** Whether the tab holds a draft `name` of `email`'s. */
function hasSessionDraft(email: string, name: string): boolean {
  try {
    return sessionStorage.getItem(draftKey(email, name)) !== null;
  } catch {
    return false;
  }
}

/**
 * A route loader's wait for the code that shows `email`'s draft `name`, when this tab keeps one: the
 * first render then shows it as kept (otherwise the code loads after the first content).
 */
export function codeForKeptDraft(
  email: string,
  name: string,
  code: { preload(): Promise<unknown> },
): Promise<void> | undefined {
  return hasSessionDraft(email, name) ? code.preload().then(() => undefined) : undefined;
}

/** Forgets every draft of this tab (sign-out). */
export function clearSessionDrafts(): void {
  generation++;
  try {
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
