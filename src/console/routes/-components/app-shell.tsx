// The signed-in frame: header with navigation, the user and their role, the jobs tray and sign-out. On
// a narrow screen (a phone, or 200% zoom) the navigation, Jobs and Sign out fold into one menu button
// (Radix DropdownMenu: keyboard and screen-reader accessible).
import { Link, Outlet } from '@tanstack/react-router';
import { lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { jobsStore } from '../../lib/jobs-store.ts';
import { ROLE_LABELS } from '../../lib/role-labels.ts';
import { useSession } from '../../lib/session.ts';
import { AfterFirstContent, useAfterFirstContent } from '../../lib/use-after-first-content.ts';
import { COMPACT_SHELL, useMediaQuery } from '../../lib/use-media-query.ts';
import { navEntries } from './nav-entries.ts';

// The header's tools and menus (with sonner, Radix's dialog and menu code) load once the first page's
// content has painted (useAfterFirstContent); until then a look-alike that does nothing holds each one's
// place, so the header does not move when they arrive. One module: one request for all of them.
const lateParts = () => import('./late-header-parts.tsx');
const AlertBell = lazy(() => lateParts().then((module) => ({ default: module.AlertBell })));
const JobsTray = lazy(() => lateParts().then((module) => ({ default: module.JobsTray })));
const JobsWatcher = lazy(() => lateParts().then((module) => ({ default: module.JobsWatcher })));
const SignOutButton = lazy(() => lateParts().then((module) => ({ default: module.SignOutButton })));
const PinnedViewsMenu = lazy(() =>
  lateParts().then((module) => ({ default: module.PinnedViewsMenu })),
);
const ReviewCount = lazy(() => lateParts().then((module) => ({ default: module.ReviewCount })));
// Only narrow screens need the phone menu, only wide ones the content tools menu.
const ShellMenu = lazy(() =>
  import('./shell-menu.tsx').then((module) => ({ default: module.ShellMenu })),
);
const ContentToolsMenu = lazy(() =>
  import('./content-tools-menu.tsx').then((module) => ({ default: module.ContentToolsMenu })),
);

/**
 * A header button's stand-in: the same look (aria-disabled rather than disabled, which would dim it),
 * announced as unavailable, doing nothing.
 */
function StandIn({
  className,
  label,
  children,
}: {
  className?: string;
  label?: string;
  children?: ReactNode;
}) {
  return (
    <Button variant="ghost" size="sm" className={className} aria-label={label} aria-disabled="true">
      {children}
    </Button>
  );
}

const BELL_STAND_IN = (
  <StandIn className="alert-bell" label="Alerts">
    <span className="alert-bell__icon" aria-hidden="true" />
  </StandIn>
);
const JOBS_STAND_IN = <StandIn className="jobs-button">Jobs</StandIn>;

export function AppShell() {
  const { user, role, capabilities } = useSession();
  const compact = useMediaQuery(COMPACT_SHELL);
  const [jobsOpen, setJobsOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const entries = navEntries(capabilities);
  const afterFirstContent = useAfterFirstContent();

  useEffect(() => {
    void jobsStore.load(user.email);
  }, [user.email]);

  // A page's dialogs load their Radix code when first opened; fetched now, a first click finds it here.
  useEffect(() => {
    if (afterFirstContent)
      void import('../../components/ui/dialog.tsx').then((dialog) => dialog.preloadDialogFrame());
  }, [afterFirstContent]);

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
            {capabilities.readAlerts ? (
              <AfterFirstContent standIn={BELL_STAND_IN}>
                <AlertBell />
              </AfterFirstContent>
            ) : null}
            <AfterFirstContent
              standIn={
                <StandIn className="shell-menu__button">
                  <span className="shell-menu__icon" aria-hidden="true" />
                  Menu
                </StandIn>
              }
            >
              <ShellMenu
                entries={entries}
                user={user}
                role={role}
                onOpenJobs={() => setJobsOpen(true)}
                buttonRef={menuButton}
              />
            </AfterFirstContent>
            <AfterFirstContent>
              <JobsTray
                open={jobsOpen}
                onOpenChange={setJobsOpen}
                showTrigger={false}
                returnFocusTo={menuButton}
              />
            </AfterFirstContent>
          </div>
        ) : (
          <>
            <nav className="shell__nav" aria-label="Main">
              {entries.map((entry) => (
                <Link key={entry.label} to={entry.to} className="nav-link">
                  {entry.label}
                  {entry.to === '/reviews' ? (
                    <AfterFirstContent>
                      <ReviewCount />
                    </AfterFirstContent>
                  ) : null}
                </Link>
              ))}
              <AfterFirstContent
                standIn={
                  <button type="button" className="nav-link nav-link--menu" aria-disabled="true">
                    Content tools <span aria-hidden="true">▾</span>
                  </button>
                }
              >
                <ContentToolsMenu />
              </AfterFirstContent>
              <AfterFirstContent>
                <PinnedViewsMenu />
              </AfterFirstContent>
            </nav>
            <div className="shell__tools">
              {capabilities.readAlerts ? (
                <AfterFirstContent standIn={BELL_STAND_IN}>
                  <AlertBell />
                </AfterFirstContent>
              ) : null}
              <AfterFirstContent standIn={JOBS_STAND_IN}>
                <JobsTray />
              </AfterFirstContent>
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
              <AfterFirstContent standIn={<StandIn>Sign out</StandIn>}>
                <SignOutButton />
              </AfterFirstContent>
            </div>
          </>
        )}
      </header>
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <AfterFirstContent>
        <JobsWatcher />
      </AfterFirstContent>
    </div>
  );
}
