// Where the toasts show (components/ui/toast.tsx says what they are). Loaded after the first page's
// content (routes/__root.tsx): sonner's code waits until then.
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner';
import { pageOf } from '../../lib/page-of.ts';
import { toastPages } from './toast.tsx';

/** At most this many toasts show at once; the rest wait in the collapsed stack. */
export const VISIBLE_TOASTS = 3;

export function Toaster() {
  const page = useRouterState({ select: (state) => pageOf(state.location.pathname) });
  useEffect(() => {
    for (const [id, origin] of toastPages) {
      if (origin === page) continue;
      toastPages.delete(id);
      sonnerToast.dismiss(id);
    }
  }, [page]);
  return (
    <SonnerToaster
      position="bottom-right"
      closeButton
      richColors
      duration={6000}
      visibleToasts={VISIBLE_TOASTS}
      expand={false}
      toastOptions={{ className: 'toast' }}
    />
  );
}
