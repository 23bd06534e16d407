// The hook that reads a late module (lateModule, late-component.tsx) in a render, apart from
// late-component.tsx so that the pages which only use late components do not fetch it before their
// heading (docs/decisions/loading-strategy.md).
import { useEffect, useState } from 'react';
import type { LateModule } from './late-component.tsx';

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
