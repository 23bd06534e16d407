// Pinned views in the navigation: the wide header's "Pinned" menu, and the entries the phone header's
// menu lists. Each opens its screen with the view's filters in the URL.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import type { SavedView } from '#contract/console/saved-views.ts';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu.tsx';
import { savedViewQueries } from './saved-views-api.ts';
import './saved-views.css';
import { SCREEN_PATHS, SCREEN_TITLES } from './view-screens.ts';

/** The signed-in person's pinned views, by screen then name (none while loading or on error). */
export function usePinnedViews(): SavedView[] {
  const views = useQuery(savedViewQueries.list());
  return (views.data ?? []).filter((view) => view.pinned);
}

/**
 * A pinned view's link. Other props (and the ref) reach the anchor: as a menu's item (`MenuItem asChild`)
 * it takes the item's role, focus handling and selection from the menu.
 */
export function PinnedViewLink({
  view,
  ...anchor
}: { view: SavedView } & Omit<ComponentProps<'a'>, 'href' | 'children'>) {
  return (
    <Link
      {...anchor}
      to={SCREEN_PATHS[view.screen]}
      search={view.search as never}
      activeOptions={{ includeSearch: true }}
    >
      {view.name}
      <span className="pinned-view__screen"> · {SCREEN_TITLES[view.screen]}</span>
    </Link>
  );
}

/** The wide header's menu of pinned views; nothing when none is pinned. */
export function PinnedViewsMenu() {
  const pinned = usePinnedViews();
  if (pinned.length === 0) return null;
  return (
    <Menu>
      <MenuTrigger className="nav-link nav-link--menu" data-testid="pinned-views-menu">
        Pinned <span aria-hidden="true">▾</span>
      </MenuTrigger>
      <MenuContent label="Pinned views" align="start">
        {pinned.map((view) => (
          <MenuItem key={view.id} asChild>
            <PinnedViewLink view={view} />
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
