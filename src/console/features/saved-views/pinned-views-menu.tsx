// The wide header's "Pinned" menu (pinned-views.tsx loads it when someone has a pinned view).
import type { SavedView } from '#contract/console/saved-views.ts';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu.tsx';
import { PinnedViewLink } from './pinned-views.tsx';

export function PinnedMenu({ pinned }: { pinned: SavedView[] }) {
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
