// The "Views" control of a screen's filter bar: lists the saved views of this screen (yours, and those
// shared with your role), applies one, saves the current filters as a new view, updates the view you
// applied with the filters you changed since, and opens the manager (rename, share, pin, delete). It
// works over the screen's URL search state only: `search` in, `onApply(search)` out.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ROLE_PLURALS,
  type SavedView,
  type SavedViewScreen,
} from '#contract/console/saved-views.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Menu,
  MenuContent,
  MenuGroup,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '../../components/ui/menu.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { useSession } from '../../lib/session.ts';
import { ManageViewsDialog } from './manage-views-dialog.tsx';
import { savedViewQueries, useUpdateView } from './saved-views-api.ts';
import { SaveViewDialog } from './save-view-dialog.tsx';
import { sameSearch, toViewSearch } from './view-screens.ts';
import './saved-views.css';

export interface SavedViewsControlProps {
  screen: SavedViewScreen;
  /** The screen's validated URL search state. */
  search: Readonly<Record<string, unknown>>;
  /** Replaces the screen's search state with a view's. */
  onApply(search: Record<string, unknown>): void;
}

export function SavedViewsControl({ screen, search, onApply }: SavedViewsControlProps) {
  const { user } = useSession();
  const views = useQuery(savedViewQueries.list());
  const update = useUpdateView();
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  // The view last shown here (applied, saved, or opened by a link or a pin): once the filters change,
  // it can be updated with them.
  const [appliedId, setAppliedId] = useState<string | null>(null);
  const mine = (views.data ?? []).filter((view) => view.screen === screen);
  const matching = mine.filter((view) => sameSearch(search, view.search));
  const current = matching.find((view) => view.id === appliedId) ?? matching[0];
  // Remembered during render (React's "state from the previous render" pattern), not in an effect.
  if (current && current.id !== appliedId) setAppliedId(current.id);
  const applied = current ?? mine.find((view) => view.id === appliedId);
  const changed = applied !== undefined && current === undefined;

  const own = mine.filter((view) => view.owner === user.email && view.sharedWith === null);
  const shared = mine.filter((view) => !own.includes(view));

  const apply = (view: SavedView) => {
    setAppliedId(view.id);
    onApply(view.search);
  };
  const overwrite = async (view: SavedView) => {
    try {
      await update.mutateAsync({ view, change: { search: toViewSearch(search) } });
      toast.success(`Updated “${view.name}” with the current filters`);
    } catch (error) {
      toast.error(`“${view.name}” was not updated`, { description: (error as Error).message });
    }
  };

  return (
    <div className="saved-views">
      <Menu>
        <MenuTrigger asChild>
          <Button size="sm" className="saved-views__trigger" data-testid="saved-views-button">
            <span className="saved-views__label">
              {applied ? (
                <>
                  View: <strong>{applied.name}</strong>
                  {changed ? <span className="saved-views__changed"> (changed)</span> : null}
                </>
              ) : (
                'Saved views'
              )}
            </span>
            <span aria-hidden="true">▾</span>
          </Button>
        </MenuTrigger>
        <MenuContent label="Saved views" align="start">
          {views.isPending ? <MenuLabel>Loading views…</MenuLabel> : null}
          {views.isError ? <MenuLabel>The views did not load.</MenuLabel> : null}
          <ViewGroup title="Your views" views={own} current={current} onApply={apply} />
          {groupByRole(shared).map(([title, items]) => (
            <ViewGroup key={title} title={title} views={items} current={current} onApply={apply} />
          ))}
          {views.isSuccess && mine.length === 0 ? (
            <MenuLabel>No saved views here yet.</MenuLabel>
          ) : null}
          <MenuSeparator />
          <MenuItem onSelect={() => setDialog('save')}>Save current filters as a view…</MenuItem>
          {changed && applied.canChange ? (
            <MenuItem onSelect={() => void overwrite(applied)}>
              Update “{applied.name}” with these filters
            </MenuItem>
          ) : null}
          {mine.length > 0 ? (
            <MenuItem onSelect={() => setDialog('manage')}>Manage views…</MenuItem>
          ) : null}
        </MenuContent>
      </Menu>
      <SaveViewDialog
        open={dialog === 'save'}
        onOpenChange={(open) => setDialog(open ? 'save' : null)}
        screen={screen}
        search={toViewSearch(search)}
        onSaved={(view) => setAppliedId(view.id)}
      />
      <ManageViewsDialog
        open={dialog === 'manage'}
        onOpenChange={(open) => setDialog(open ? 'manage' : null)}
        views={mine}
      />
    </div>
  );
}

function groupByRole(views: SavedView[]): [string, SavedView[]][] {
  const groups = new Map<string, SavedView[]>();
  for (const view of views) {
    const title = view.sharedWith
      ? `Shared with ${ROLE_PLURALS[view.sharedWith]}`
      : `Private to ${view.owner}`;
    groups.set(title, [...(groups.get(title) ?? []), view]);
  }
  return [...groups];
}

function ViewGroup({
  title,
  views,
  current,
  onApply,
}: {
  title: string;
  views: SavedView[];
  current: SavedView | undefined;
  onApply(view: SavedView): void;
}) {
  if (views.length === 0) return null;
  return (
    <MenuGroup>
      <MenuLabel>{title}</MenuLabel>
      {views.map((view) => (
        <MenuItem
          key={view.id}
          onSelect={() => onApply(view)}
          hint={view.id === current?.id ? 'Shown' : view.pinned ? 'Pinned' : undefined}
        >
          {view.name}
        </MenuItem>
      ))}
    </MenuGroup>
  );
}
