// The editor's lazy parts (import/export, the forms, checks, apply, the dialogs) are asked for once the
// outline's first frame has painted: each React.lazy's first render starts its import, whose preload
// of the chunk's dependencies (a <link> each) cost the opening's first frame tens of milliseconds.
// Their placeholders are the ones Suspense shows while they load, so nothing moves when they come.
import { useEffect, useState } from 'react';

/** Longest wait for a frame: a tab opened in the background paints none until it is shown. */
const FRAME_WAIT_MS = 200;

/** False in the first render; true just after the frame that painted it. */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    const show = () => setPainted(true);
    let next: ReturnType<typeof setTimeout> | undefined;
    // After the next frame is painted, not in it.
    const frame = requestAnimationFrame(() => (next = setTimeout(show)));
    const fallback = setTimeout(show, FRAME_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(next);
      clearTimeout(fallback);
    };
  }, [painted]);
  return painted;
}
