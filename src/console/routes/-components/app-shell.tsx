// The signed-in frame: header with navigation, the user and their role, the jobs tray and sign-out. On
// a narrow screen (a phone, or 200% zoom) the navigation, Jobs and Sign out fold into one menu button
// (Radix DropdownMenu: keyboard and screen-reader accessible).
import { Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { JobsTray } from '../../features/jobs/jobs-tray.tsx';
import { JobsWatcher } from '../../features/jobs/jobs-watcher.tsx';
import { SignOutButton } from '../../features/auth/sign-out-button.tsx';
import { AlertBell } from '../../features/alerts/alert-bell.tsx';
import { PinnedViewsMenu } from '../../features/saved-views/pinned-views.tsx';
import { jobsStore } from '../../lib/jobs-store.ts';
import { ROLE_LABELS } from '../../lib/labels.ts';
import { useSession } from '../../lib/session.ts';
import { COMPACT_SHELL, useMediaQuery } from '../../lib/use-media-query.ts';
import { navEntries } from './nav-entries.ts';
import { ReviewCount } from '../../features/reviews/review-count.tsx';

// Only narrow screens need the menu (and Radix's menu and positioning code): loaded when first shown.
const ShellMenu = lazy(() =>
  import('./shell-menu.tsx').then((module) => ({ default: module.ShellMenu })),
);
// The wide header's content tools menu comes in just after the first render, for the same reason: the
// landing page paints without waiting for the menu code.
const ContentToolsMenu = lazy(() =>
  import('./content-tools-menu.tsx').then((module) => ({ default: module.ContentToolsMenu })),
);

export function AppShell() {
  const { user, role, capabilities } = useSession();
  const compact = useMediaQuery(COMPACT_SHELL);
  const [jobsOpen, setJobsOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const entries = navEntries(capabilities);

  useEffect(() => {
    void jobsStore.load(user.email);
  }, [user.email]);

  return (
    <div className="shell">
      <header className={`shell__header${compact ? ' shell__header--compact' : ''}`}>
        <Link to="/course-groups" className="brand">
          <span className="brand__mark" aria-hidden="true">
            L
          </span>
          Lectern
        </Link>
        {compact ? (
          <div className="shell__tools">
            {role ? (
              <span className="role-badge" data-testid="role-badge">
                {ROLE_LABELS[role]}
              </span>
            ) : null}
            {capabilities.readAlerts ? <AlertBell /> : null}
            <Suspense
              fallback={
                <Button variant="ghost" size="sm" disabled>
                  Menu
                </Button>
              }
            >
              <ShellMenu
                entries={entries}
                user={user}
                role={role}
                onOpenJobs={() => setJobsOpen(true)}
                buttonRef={menuButton}
              />
            </Suspense>
            <JobsTray
              open={jobsOpen}
              onOpenChange={setJobsOpen}
              showTrigger={false}
              returnFocusTo={menuButton}
            />
          </div>
        ) : (
          <>
            <nav className="shell__nav" aria-label="Main">
              {entries.map((entry) => (
                <Link key={entry.label} to={entry.to} className="nav-link">
                  {entry.label}
                  {entry.to === '/reviews' ? <ReviewCount /> : null}
                </Link>
              ))}
              <Suspense
                fallback={
                  <button type="button" className="nav-link nav-link--menu" disabled>
                    Content tools <span aria-hidden="true">▾</span>
                  </button>
                }
              >
                <ContentToolsMenu />
              </Suspense>
              <PinnedViewsMenu />
            </nav>
            <div className="shell__tools">
              {capabilities.readAlerts ? <AlertBell /> : null}
              <JobsTray />
              <div className="user-chip">
                <span className="user-chip__name">
                  {user.firstName} {user.lastName}
                  <span className="user-chip__email">{user.email}</span>
                </span>
                {role ? (
                  <span className="role-badge" data-testid="role-badge">
                    {ROLE_LABELS[role]}
                  </span>
                ) : null}
              </div>
              <SignOutButton />
            </div>
          </>
        )}
      </header>
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <JobsWatcher />
    </div>
  );
}
