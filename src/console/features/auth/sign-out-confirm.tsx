// "Sign out?" when the page holds work that is not applied: Stay keeps everything (the session
// included); Leave signs out, and the editor's backup stays in this browser for the next sign-in.
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';

export function SignOutConfirm({
  unsaved,
  onStay,
  onLeave,
}: {
  /** What would be left, in words; null: not asking. */
  unsaved: string[] | null;
  onStay(): void;
  onLeave(): void;
}) {
  return (
    <Dialog open={unsaved !== null} onOpenChange={(open) => !open && onStay()}>
      {unsaved ? (
        <DialogContent
          title="Sign out with unapplied changes?"
          description={`${unsaved.join(' ')} Signing out keeps a copy in this browser, offered when you sign in again.`}
        >
          <div className="dialog__actions">
            <Button onClick={onStay}>Stay</Button>
            <Button variant="danger" onClick={onLeave}>
              Leave
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
