// Pages that end a path: something that does not exist ("Not found", with the way back to its list) and
// something the user's role may not open ("Not allowed", with the pages it may). Neither offers a
// retry: trying again cannot change the answer.
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Capabilities } from '#contract/console/session.ts';
import { EmptyState } from './ui/empty-state.tsx';

export function NotFoundPage({
  title,
  children,
  back,
}: {
  title: string;
  children?: ReactNode;
  /** The list the user came from, e.g. `{ to: '/course-groups', label: 'Back to course groups' }`. */
  back: { to: LinkProps['to']; label: string };
}) {
  return (
    <div className="page">
      <EmptyState
        title={title}
        action={
          <Link to={back.to} className="btn btn--primary">
            {back.label}
          </Link>
        }
      >
        {children}
      </EmptyState>
    </div>
  );
}

/** Where a role may go: every page its capabilities open. */
export function allowedPages(capabilities: Capabilities): { to: LinkProps['to']; label: string }[] {
  return [
    { to: '/course-groups', label: 'Course groups' },
    { to: '/learning-paths', label: 'Learning paths' },
    ...(capabilities.watchEvents ? [{ to: '/events' as const, label: 'Event monitor' }] : []),
    ...(capabilities.createAndUpdate ? [{ to: '/editor/new' as const, label: 'New course' }] : []),
    ...(capabilities.manageRoles ? [{ to: '/admin/roles' as const, label: 'Roles' }] : []),
    ...(capabilities.readAudit ? [{ to: '/admin/audit' as const, label: 'Audit log' }] : []),
  ];
}

export function NotAllowedPage({
  title,
  children,
  capabilities,
}: {
  title: string;
  children?: ReactNode;
  capabilities: Capabilities;
}) {
  return (
    <div className="page">
      <EmptyState title={title}>
        {children}
        <nav aria-label="Pages you can open" className="dead-end__links">
          <p>You can open:</p>
          <ul>
            {allowedPages(capabilities).map((page) => (
              <li key={page.label}>
                <Link to={page.to}>{page.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </EmptyState>
    </div>
  );
}
