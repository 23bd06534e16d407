// The phone header's one menu: the navigation, Jobs (with its counts) and Sign out, with who is signed
// in. Radix DropdownMenu through components/ui/menu.tsx: arrow keys, type-ahead, Escape returns focus to
// the button; items are menuitems, and the page links keep aria-current.
import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import type { ConsoleRole } from '#contract/console/access.ts';
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
import { JobCountPills, useJobCounts } from '../../features/jobs/jobs-tray.tsx';
import { useSignOut } from '../../features/auth/use-sign-out.ts';
import { PinnedViewLink, usePinnedViews } from '../../features/saved-views/pinned-views.tsx';
import { ROLE_LABELS } from '../../lib/role-labels.ts';
import { CONTENT_TOOLS, type NavEntry } from './nav-entries.ts';

export function ShellMenu({
  entries,
  user,
  role,
  onOpenJobs,
  buttonRef,
}: {
  entries: readonly NavEntry[];
  user: { firstName: string; lastName: string; email: string };
  role: ConsoleRole | null;
  onOpenJobs(): void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const { signOut, confirmation } = useSignOut();
  const { active, ended } = useJobCounts();
  const pinned = usePinnedViews();
  const jobsNote = [active > 0 ? `${active} running` : '', ended > 0 ? `${ended} ended` : '']
    .filter(Boolean)
    .join(', ');
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while it still holds focusable
    // elements (the skip link), which screen readers and axe object to. Focus still moves into the
    // menu, arrows and Escape work the same.
    <>
      <Menu modal={false}>
        <MenuTrigger asChild>
          <Button ref={buttonRef} variant="ghost" size="sm" className="shell-menu__button">
            <span className="shell-menu__icon" aria-hidden="true" />
            Menu
            <JobCountPills />
          </Button>
        </MenuTrigger>
        <MenuContent label="Main menu">
          <MenuLabel>
            <span className="menu__user">
              {user.firstName} {user.lastName}
              <span className="block menu__sub">
                {user.email}
                {role ? ` · ${ROLE_LABELS[role]}` : ''}
              </span>
            </span>
          </MenuLabel>
          <MenuSeparator />
          <MenuGroup>
            {entries.map((entry) => (
              <MenuItem key={entry.label} asChild>
                {/* The router marks the current page's link with aria-current="page". */}
                <Link to={entry.to} className="menu__link">
                  {entry.label}
                </Link>
              </MenuItem>
            ))}
          </MenuGroup>
          <MenuSeparator />
          <MenuGroup>
            <MenuLabel>Content tools</MenuLabel>
            {CONTENT_TOOLS.map((entry) => (
              <MenuItem key={entry.label} asChild>
                <Link to={entry.to} className="menu__link">
                  {entry.label}
                </Link>
              </MenuItem>
            ))}
          </MenuGroup>
          {pinned.length > 0 ? (
            <>
              <MenuSeparator />
              <MenuGroup>
                <MenuLabel>Pinned views</MenuLabel>
                {pinned.map((view) => (
                  <MenuItem key={view.id} asChild>
                    <PinnedViewLink view={view} className="menu__link" />
                  </MenuItem>
                ))}
              </MenuGroup>
            </>
          ) : null}
          <MenuSeparator />
          <MenuItem onSelect={onOpenJobs}>Jobs{jobsNote ? ` (${jobsNote})` : ''}</MenuItem>
          <MenuItem onSelect={() => void signOut()}>Sign out</MenuItem>
        </MenuContent>
      </Menu>
      {confirmation}
    </>
  );
}
