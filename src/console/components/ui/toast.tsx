// Toasts for completed actions. A toast stays on the page where its action happened: leaving that page
// dismisses it (lib/page-of.ts says what a page is). Many toasts collapse into one stack of three that
// expands on hover or focus. sonner's stylesheet is bundled through styles.css (its runtime <style>
// injection is removed at build time: the CSP allows no inline styles).
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner';
import { currentPage, pageOf } from '../../lib/page-of.ts';

type ToastId = string | number;
/** The page each shown toast belongs to. */
const pages = new Map<ToastId, string>();

function onPage<A extends unknown[]>(show: (...args: A) => ToastId) {
  return (...args: A): ToastId => {
    const id = show(...args);
    pages.set(id, currentPage());
    return id;
  };
}

export const toast = Object.assign(onPage(sonnerToast), {
  success: onPage(sonnerToast.success),
  error: onPage(sonnerToast.error),
  warning: onPage(sonnerToast.warning),
  info: onPage(sonnerToast.info),
  message: onPage(sonnerToast.message),
  dismiss: (id?: ToastId) => {
    if (id === undefined) pages.clear();
    else pages.delete(id);
    return sonnerToast.dismiss(id);
  },
});

/** At most this many toasts show at once; the rest wait in the collapsed stack. */
export const VISIBLE_TOASTS = 3;

export function Toaster() {
  const page = useRouterState({ select: (state) => pageOf(state.location.pathname) });
  useEffect(() => {
    for (const [id, origin] of pages) {
      if (origin === page) continue;
      pages.delete(id);
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
