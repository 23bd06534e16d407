// A part of a page that no first content shows (a bulk run's view, opened by a button): its code loads
// on first use, or once the page's first content has painted (usePreloadAfterFirstContent), so a click
// finds it loaded and it renders at once, with no Suspense fallback (docs/decisions/loading-strategy.md).
import { lazy, useEffect, useState, type ComponentType } from 'react';
import { useAfterFirstContent } from '../lib/use-after-first-content.ts';

export interface LateComponent<P extends object> {
  /** Renders the part: at once if its code is here, else through the nearest Suspense boundary. */
  Component: ComponentType<P>;
  /** Starts loading its code (once). */
  preload(): Promise<unknown>;
}

export function lateComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LateComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Late(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded one would mount it afresh.
    const [Part] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Part {...props} />;
  }
  return { Component: Late, preload };
}

/** Loads `part`'s code once the page's first content has painted. */
export function usePreloadAfterFirstContent(
  part: Pick<LateComponent<object>, 'preload'>,
  when = true,
): void {
  const afterFirstContent = useAfterFirstContent();
  useEffect(() => {
    if (afterFirstContent && when) void part.preload();
  }, [afterFirstContent, when, part]);
}
