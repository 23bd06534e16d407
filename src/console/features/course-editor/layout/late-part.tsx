// A lazy part of the editor, rendered once the first frame has painted (use-after-paint.ts); until it
// has loaded, its placeholder holds its place, the same one before and while it loads.
import { Suspense, type ReactNode } from 'react';

export function LatePart({
  ready,
  fallback,
  children,
}: {
  /** False in the first frame: only the placeholder renders, and the part's import is not begun. */
  ready: boolean;
  fallback: ReactNode;
  children: ReactNode;
}) {
  return ready ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
