// Whether a CSS media query matches, kept current (the shell's compact header, the tables' stacked
// rows). Layout that needs no JavaScript stays in CSS; this is for structure that changes.
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia === 'undefined') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof matchMedia === 'undefined' ? false : matchMedia(query).matches),
  );
}

/** Below this width the header's navigation, Jobs and Sign out fold into one menu button. */
export const COMPACT_SHELL = '(max-width: 1180px)';
/** Below this width the course-group tables show each row as a stacked card. */
export const STACKED_ROWS = '(max-width: 760px)';
