// Toasts for completed actions. sonner's stylesheet is bundled through styles.css (its runtime
// <style> injection is removed at build time: the CSP allows no inline styles).
import { Toaster as SonnerToaster } from 'sonner';

export { toast } from 'sonner';

export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      closeButton
      richColors
      duration={6000}
      toastOptions={{ className: 'toast' }}
    />
  );
}
