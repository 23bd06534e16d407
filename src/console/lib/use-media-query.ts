// Whether a CSS media query matches now, following changes (a phone turned, a window resized). Layout
// that needs no JavaScript stays in CSS; this is for structure that changes.
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below this width the header's navigation, Jobs and Sign out fold into one menu button (an admin's
 * full header, with the content tools' menu, needs about 1,250 px on one line). */
export const COMPACT_SHELL = '(max-width: 1279px)';
/** Below this width the course-group tables show each row as a stacked card. */
export const STACKED_ROWS = '(max-width: 760px)';
/** Below this width the other tables stack each row into a small card (phones). */
export const PHONE_QUERY = '(max-width: 640px)';
