import { useEffect } from 'react';

/** Each page gets its own document title, so tabs, history and screen readers can tell pages apart. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Lectern` : 'Lectern';
  }, [title]);
}
