// Toasts for completed actions. A toast stays on the page where its action happened: leaving that page
// dismisses it (lib/page-of.ts says what a page is; toaster.tsx does the dismissing). Many toasts
// collapse into one stack of three that expands on hover or focus. sonner's stylesheet is bundled
// through styles.css (its runtime <style> injection is removed at build time: the CSP allows no inline
// styles). sonner itself is imported when the first toast shows, so that no page's first paint waits
// for it (docs/decisions/loading-strategy.md).
import type { ExternalToast } from 'sonner';
import type { ReactNode } from 'react';
import { currentPage } from '../../lib/page-of.ts';

type ToastId = string | number;
type Kind = 'success' | 'error' | 'warning' | 'info' | 'message';

/** The page each shown (or about to show) toast belongs to. */
export const toastPages = new Map<ToastId, string>();

const sonner = () => import('sonner').then((module) => module.toast);
let lastId = 0;

function show(kind: Kind) {
  return (message: ReactNode, data?: ExternalToast): ToastId => {
    // Our own id, so the toast can be tied to its page (and dismissed) before sonner has loaded.
    const id = data?.id ?? `toast-${++lastId}`;
    toastPages.set(id, currentPage());
    void sonner().then((toast) => {
      // Dismissed (or its page left) while sonner was loading: it would land on another page.
      if (toastPages.has(id)) toast[kind](message, { ...data, id });
    });
    return id;
  };
}

export const toast = Object.assign(show('message'), {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
  message: show('message'),
  dismiss: (id?: ToastId) => {
    if (id === undefined) toastPages.clear();
    else toastPages.delete(id);
    void sonner().then((toast) => toast.dismiss(id));
  },
});
