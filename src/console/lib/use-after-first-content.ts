// Parts that no first page needs (the header's bell, jobs tray, menus, the toasts) load once the first
// page's content has painted, so their code does not delay it (docs/decisions/loading-strategy.md).
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-next-paint.ts';

/** Once true, stays true for the life of the page: a later mount needs no wait. */
let shown = false;

/** True from the frame after the first page load ended (the router idle, its content rendered). */
export function useAfterFirstContent(): boolean {
  const idle = useRouterState({ select: (state) => state.status === 'idle' });
  const [ready, setReady] = useState(shown);
  useEffect(() => {
    if (ready || !idle) return;
    return afterNextPaint(() => {
      shown = true;
      setReady(true);
    });
  }, [idle, ready]);
  return ready;
}
