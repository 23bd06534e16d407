// Parts that no first page needs (the header's bell, jobs tray, menus, the toasts) load once the first
// page's content has painted, so their code does not delay it (docs/decisions/loading-strategy.md).
// By default that is the frame after the router's first load has ended. A route whose content comes
// after that frame (the course editor's outline rows) opts in with `staticData: { marksContentShown:
// true }` and calls `useMarkContentShown()` in the component that shows its content: the late parts
// then wait for that mark.
import { useRouterState } from '@tanstack/react-router';
import { createElement, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterNextPaint } from './after-next-paint.ts';

/** Once true, stays true for the life of the page: a later mount needs no wait. */
let shown = false;
const waiting = new Set<() => void>();

function setShown(): void {
  if (shown) return;
  shown = true;
  for (const notify of waiting) notify();
  waiting.clear();
}

/**
 * What the late parts wait for once the router is idle: `mark` when the landing route marks its
 * content shown (and it loaded: an error page marks nothing), else `paint`, the next frame.
 */
type Wait = 'loading' | 'paint' | 'mark';

function useFirstLoadWait(): Wait {
  return useRouterState({
    select: (state) => {
      if (state.status !== 'idle') return 'loading';
      const marked = state.matches.some(
        (match) => match.status === 'success' && match.staticData.marksContentShown,
      );
      return marked ? 'mark' : 'paint';
    },
  });
}

/** True once the first page's content has painted (see above); stays true. */
export function useAfterFirstContent(): boolean {
  const wait = useFirstLoadWait();
  const [ready, setReady] = useState(shown);
  useEffect(() => {
    if (ready) return;
    const done = () => setReady(true);
    if (shown) return done();
    waiting.add(done);
    // A route that marks its content is waited for (its mark falls back on a timer in a hidden tab).
    const cancel = wait === 'paint' ? afterNextPaint(setShown) : undefined;
    return () => {
      waiting.delete(done);
      cancel?.();
    };
  }, [wait, ready]);
  return ready;
}

/**
 * `children` once the first content has painted and their code has loaded (a `React.lazy` part inside);
 * `standIn` until then, a look-alike that holds the part's place (or nothing). Here, beside the hook, and
 * not in a file of its own: every page's late parts use it, and a file of its own would be one more chunk.
 */
export function AfterFirstContent({
  standIn = null,
  children,
}: {
  standIn?: ReactNode;
  children: ReactNode;
}): ReactNode {
  const ready = useAfterFirstContent();
  return ready ? createElement(Suspense, { fallback: standIn }, children) : standIn;
}

/**
 * Marks the landing route's content shown (after the frame that paints it, when `shown`), for a route
 * that declares `staticData.marksContentShown`: the late parts start then.
 */
export function useMarkContentShown(contentShown = true): void {
  useEffect(() => (contentShown && !shown ? afterNextPaint(setShown) : undefined), [contentShown]);
}
