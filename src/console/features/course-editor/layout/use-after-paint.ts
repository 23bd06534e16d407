// The editor's lazy parts (import/export, the forms, checks, apply, the dialogs) are asked for once the
// outline's first frame has painted: each React.lazy's first render starts its import, whose preload
// of the chunk's dependencies (a <link> each) cost the opening's first frame tens of milliseconds.
// Their placeholders are the ones Suspense shows while they load, so nothing moves when they come.
import { useEffect, useState } from 'react';
import { afterNextPaint } from '../../../lib/after-next-paint.ts';

/** False in the first render; true just after the frame that painted it. */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted]);
  return painted;
}
