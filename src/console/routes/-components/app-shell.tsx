// The signed-in frame: header with navigation, the user and their role, the jobs tray and sign-out.
import { Link, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SignOutButton } from '../../features/auth/sign-out-button.tsx';
import { JobsTray } from '../../features/jobs/jobs-tray.tsx';
import { JobsWatcher } from '../../features/jobs/jobs-watcher.tsx';
import { jobsStore } from '../../lib/jobs-store.ts';
import { useSession } from '../../lib/session.ts';
import { ROLE_LABELS } from '../../lib/labels.ts';
import { ContentToolsMenu } from './content-tools-menu.tsx';

export function AppShell() {
  const { user, role, capabilities } = useSession();

  useEffect(() => {
    void jobsStore.load(user.email);
  }, [user.email]);

  return (
    <div className="shell">
      <header className="shell__header">
        <Link to="/course-groups" className="brand">
          <span className="brand__mark" aria-hidden="true">
            L
          </span>
          Lectern
        </Link>
        <nav className="shell__nav" aria-label="Main">
          <Link to="/course-groups" className="nav-link">
            Course groups
          </Link>
          <Link to="/learning-paths" className="nav-link">
            Learning paths
          </Link>
          <Link to="/events" className="nav-link">
            Event monitor
          </Link>
          <ContentToolsMenu />
          {capabilities.createAndUpdate ? (
            <Link to="/editor/new" className="nav-link">
              New course
            </Link>
          ) : null}
          {capabilities.manageRoles ? (
            <Link to="/admin/roles" className="nav-link">
              Roles
            </Link>
          ) : null}
          {capabilities.readAudit ? (
            <Link to="/admin/audit" className="nav-link">
              Audit log
            </Link>
          ) : null}
        </nav>
        <div className="shell__tools">
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
      </header>
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <JobsWatcher />
    </div>
  );
}
