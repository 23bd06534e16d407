// Code that a page's render needs only in some states (rows to check, courses picked), apart from
// late-component.tsx so that the pages which only use late components do not fetch it before their
// heading (docs/decisions/loading-strategy.md).
import { useEffect, useState } from 'react';

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

/**
 * The module once it is here, else null (the caller shows the state it shows while its data is read);
 * loads it when `needed` and renders again when it arrives. A failed load is thrown to the nearest
 * error boundary, as a lazy component's is.
 */
export function useLateModule<M>(part: LateModule<M>, needed: boolean): M | null {
  const [state, setState] = useState<{ module: M | null; error?: unknown }>(() => ({
    module: part.loaded(),
  }));
  const module = state.module ?? part.loaded();
  useEffect(() => {
    if (module || !needed) return;
    let live = true;
    part.preload().then(
      (arrived) => live && setState({ module: arrived }),
      (error: unknown) => live && setState({ module: null, error }),
    );
    return () => {
      live = false;
    };
  }, [module, needed, part]);
  if (state.error) throw state.error;
  return module;
}
