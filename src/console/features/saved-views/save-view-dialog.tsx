// Saves the current filters under a name: private or shared with a role, pinned or not.
import { useState } from 'react';
import type { ConsoleRole } from '#contract/console/access.ts';
import {
  SAVED_VIEW_LIMITS,
  type SavedView,
  type SavedViewScreen,
  type ViewSearch,
} from '#contract/console/saved-views.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { useSession } from '../../lib/session.ts';
import { useCreateView } from './saved-views-api.ts';
import { shareableRoles, sharingLabel } from './sharing.ts';
import { SCREEN_TITLES } from './view-screens.ts';

export function SaveViewDialog({
  open,
  onOpenChange,
  screen,
  search,
  onSaved,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  screen: SavedViewScreen;
  search: ViewSearch;
  onSaved(view: SavedView): void;
}) {
  const { role } = useSession();
  const create = useCreateView();
  const [name, setName] = useState('');
  const [sharedWith, setSharedWith] = useState<ConsoleRole | ''>('');
  const [pinned, setPinned] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const filters = Object.keys(search).length;

  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      create.reset();
      setNameError(undefined);
    }
    onOpenChange(next);
  };
  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Give the view a name.');
    setNameError(undefined);
    try {
      const view = await create.mutateAsync({
        screen,
        name: trimmed,
        search,
        sharedWith: sharedWith || null,
        pinned,
      });
      toast.success(`Saved the view “${view.name}”`);
      onSaved(view);
      setName('');
      setPinned(false);
      onOpenChange(false);
    } catch {
      // Shown below with the server's words.
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={`Save a view of the ${SCREEN_TITLES[screen].toLowerCase()}`}
        description={
          filters === 0
            ? 'No filter is set: the view will show everything.'
            : `The view keeps the ${filters} filter${filters === 1 ? '' : 's'} set now.`
        }
        locked={create.isPending}
      >
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            // The dialog is portaled out of the screen's filter form, but React events still bubble
            // to it: this submit is the dialog's alone.
            event.preventDefault();
            event.stopPropagation();
            void submit();
          }}
        >
          <Field
            label="Name"
            error={nameError}
            counter={{ count: name.length, max: SAVED_VIEW_LIMITS.nameLength }}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                value={name}
                maxLength={SAVED_VIEW_LIMITS.nameLength}
                autoComplete="off"
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <Field label="Who can see it">
            {(control) => (
              <select
                {...control}
                className="select"
                value={sharedWith}
                onChange={(event) => setSharedWith(event.target.value as ConsoleRole | '')}
              >
                <option value="">{sharingLabel(null)}</option>
                {shareableRoles(role, screen).map((item) => (
                  <option key={item} value={item}>
                    {sharingLabel(item)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Pin it in my navigation" layout="check">
            {(control) => (
              <input
                {...control}
                type="checkbox"
                checked={pinned}
                onChange={(event) => setPinned(event.target.checked)}
              />
            )}
          </Field>
          {create.error ? (
            <ErrorState compact error={create.error} title="The view was not saved" />
          ) : null}
          <div className="dialog__actions">
            <DialogClose asChild>
              <Button disabled={create.isPending}>Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="primary" pending={create.isPending}>
              Save view
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
