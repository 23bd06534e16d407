// Parts that no first page needs (the header's bell, jobs tray, menus, the toasts) load once the first
// page's content has painted, so their code does not delay it (docs/decisions/loading-strategy.md).
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/** Once true, stays true for the life of the page: a later mount needs no wait. */
let shown = false;
/** Longest wait for a frame: a tab opened in the background paints no frames until it is shown. */
const FRAME_WAIT_MS = 200;

/** True from the frame after the first page load ended (the router idle, its content rendered). */
export function useAfterFirstContent(): boolean {
  const idle = useRouterState({ select: (state) => state.status === 'idle' });
  const [ready, setReady] = useState(shown);
  useEffect(() => {
    if (ready || !idle) return;
    const show = () => {
      shown = true;
      setReady(true);
    };
    let next = 0;
    // After the next frame is painted, not in it.
    const frame = requestAnimationFrame(() => {
      next = window.setTimeout(show, 0);
    });
    const fallback = window.setTimeout(show, FRAME_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(next);
      window.clearTimeout(fallback);
    };
  }, [idle, ready]);
  return ready;
}
