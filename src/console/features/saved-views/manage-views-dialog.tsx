// The views of a screen, each with what the person may do to it: rename, share, pin, delete. A view
// they may not change (shared by someone else) can still be pinned; the row says who may change it.
import { useState } from 'react';
import type { ConsoleRole } from '#contract/console/access.ts';
import { SAVED_VIEW_LIMITS, type SavedView } from '#contract/console/saved-views.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useDeleteView, usePinView, useUpdateView } from './saved-views-api.ts';
import { shareableRoles, sharingLabel } from './sharing.ts';

export function ManageViewsDialog({
  open,
  onOpenChange,
  views,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  views: SavedView[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Manage saved views"
        description="Renaming, re-sharing and deleting a shared view need its owner (in the role it is shared with) or an admin. Pins are yours alone."
        size="lg"
      >
        {views.length === 0 ? (
          <p>No views left on this screen.</p>
        ) : (
          <ul className="saved-views__list">
            {views.map((view) => (
              <ViewRow key={view.id} view={view} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ViewRow({ view }: { view: SavedView }) {
  const { role } = useSession();
  const update = useUpdateView();
  const remove = useDeleteView();
  const pin = usePinView();
  const [name, setName] = useState(view.name);
  const [confirming, setConfirming] = useState(false);
  const error = update.error ?? remove.error ?? pin.error;
  const busy = update.isPending || remove.isPending || pin.isPending;
  const roles = shareableRoles(role, view.screen);
  const nameId = `view-name-${view.id}`;

  const rename = async () => {
    const trimmed = name.trim();
    if (!trimmed || trimmed === view.name) return setName(view.name);
    try {
      await update.mutateAsync({ view, change: { name: trimmed } });
      toast.success(`Renamed to “${trimmed}”`);
    } catch {
      setName(view.name);
    }
  };
  const share = async (sharedWith: ConsoleRole | null) => {
    try {
      await update.mutateAsync({ view, change: { sharedWith } });
      toast.success(`“${view.name}”: ${sharingLabel(sharedWith).toLowerCase()}`);
    } catch {
      // Shown in the row.
    }
  };

  return (
    <li className="saved-views__row" data-testid="saved-view-row">
      <div className="saved-views__fields">
        <label className="visually-hidden" htmlFor={nameId}>
          Name of the view
        </label>
        {view.canChange ? (
          <input
            id={nameId}
            className="input"
            value={name}
            maxLength={SAVED_VIEW_LIMITS.nameLength}
            disabled={busy}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => void rename()}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void rename();
              if (event.key === 'Escape') setName(view.name);
            }}
          />
        ) : (
          <strong id={nameId}>{view.name}</strong>
        )}
        <p className="saved-views__meta">
          {view.owner} · changed {formatDateTime(view.updatedAt)} by {view.updatedBy}
          {view.canChange ? '' : ' · only its owner or an admin can change it'}
        </p>
      </div>
      <div className="saved-views__actions">
        {view.canChange ? (
          <select
            className="select"
            aria-label={`Who can see “${view.name}”`}
            value={view.sharedWith ?? ''}
            disabled={busy}
            onChange={(event) => void share((event.target.value || null) as ConsoleRole | null)}
          >
            <option value="">{sharingLabel(null)}</option>
            {[...new Set([...roles, ...(view.sharedWith ? [view.sharedWith] : [])])].map((item) => (
              <option key={item} value={item}>
                {sharingLabel(item)}
              </option>
            ))}
          </select>
        ) : (
          <span className="saved-views__meta">{sharingLabel(view.sharedWith)}</span>
        )}
        <Button
          size="sm"
          aria-pressed={view.pinned}
          disabled={busy}
          onClick={() => pin.mutate({ view, pinned: !view.pinned })}
        >
          {view.pinned ? 'Unpin' : 'Pin'}
          <span className="visually-hidden"> “{view.name}”</span>
        </Button>
        {view.canChange ? (
          confirming ? (
            <>
              <Button
                size="sm"
                variant="danger"
                pending={remove.isPending}
                onClick={() =>
                  remove.mutate(view, {
                    onSuccess: () => toast.success(`Deleted the view “${view.name}”`),
                    onSettled: () => setConfirming(false),
                  })
                }
              >
                Delete for everyone
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              Delete<span className="visually-hidden"> “{view.name}”</span>
            </Button>
          )
        ) : null}
      </div>
      {error ? <ErrorState compact error={error} title="Not done" /> : null}
    </li>
  );
}
