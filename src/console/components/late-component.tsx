// A part of a page that no first content shows (a bulk run's view, opened by a button): its code loads
// on first use, or once the page's first content has painted (usePreloadAfterFirstContent), so a click
// finds it loaded and it renders at once, with no Suspense fallback (docs/decisions/loading-strategy.md).
import { lazy, useEffect, useState, type ComponentType } from 'react';
import { useAfterFirstContent } from '../lib/use-after-first-content.ts';

export interface LateModule<M> {
  /** Starts loading the module (once). */
  preload(): Promise<M>;
  /** The module if it has loaded, else null. */
  loaded(): M | null;
}

/**
 * Code that a page's render needs only in some states (rows to check, courses picked): loaded on
 * first need or after the first content, and read through `useLateModule` until then.
 */
export function lateModule<M>(load: () => Promise<M>): LateModule<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    preload: () =>
      (loading ??= load().then((module) => {
        loaded = module;
        return module;
      })),
    loaded: () => loaded,
  };
}

export interface LateComponent<P extends object> {
  /** Renders the part: at once if its code is here, else through the nearest Suspense boundary. */
  Component: ComponentType<P>;
  /** Starts loading its code (once). */
  preload(): Promise<unknown>;
}

export function lateComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LateComponent<P> {
  const code = lateModule(load);
  const Lazy = lazy(() => code.preload().then((component) => ({ default: component })));
  function Late(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded one would mount it afresh.
    const [Part] = useState<ComponentType<P>>(() => code.loaded() ?? Lazy);
    return <Part {...props} />;
  }
  return { Component: Late, preload: code.preload };
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
