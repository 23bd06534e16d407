// Warns before leaving with unsaved work: the browser's beforeunload prompt, and a dialog for
// navigation inside the console (the router's blocker); and signing out asks first (unsaved-work.ts).
import { useBlocker } from '@tanstack/react-router';
import { useEffect } from 'react';
import { registerUnsavedWork } from '../../../lib/unsaved-work.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import type { EditorStore } from '../state/editor-store.ts';

export function LeaveGuard({ store }: { store: EditorStore }) {
  const blocker = useBlocker({
    // A read-only tab's draft is kept by the tab that edits (or as a named backup).
    shouldBlockFn: () => (store.dirty && !store.readOnly) || store.busy,
    enableBeforeUnload: () => (store.dirty && !store.readOnly) || store.busy,
    withResolver: true,
  });
  // Signing out asks first too (features/auth), before the session ends.
  useEffect(
    () =>
      registerUnsavedWork(() =>
        store.busy
          ? 'Changes to the course are being applied: signing out interrupts the run.'
          : store.dirty && !store.readOnly
            ? 'Your course draft has changes that are not applied.'
            : null,
      ),
    [store],
  );
  return (
    <Dialog open={blocker.status === 'blocked'} onOpenChange={(open) => !open && blocker.reset?.()}>
      {blocker.status === 'blocked' ? (
        <DialogContent
          title="Leave the editor?"
          description={
            store.busy
              ? 'Changes are being applied. Leaving now interrupts the run; it can be resumed when you come back.'
              : 'Your draft has changes that are not applied. A copy is kept in this browser and offered when you come back.'
          }
        >
          <div className="dialog__actions">
            <Button onClick={() => blocker.reset()}>Stay</Button>
            <Button variant="danger" onClick={() => blocker.proceed()}>
              Leave
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
