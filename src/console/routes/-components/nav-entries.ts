// The header's destinations, listed once: the wide header shows them as links and a "Content tools"
// menu, the compact header (a phone, or 200% zoom) lists both in its one menu.
import type { LinkProps } from '@tanstack/react-router';
import type { Capabilities } from '#contract/console/session.ts';

export interface NavEntry {
  to: LinkProps['to'];
  label: string;
}

// Alerts have no entry: the alert bell beside the menu (support and admins) counts them and leads to
// "All alerts and rules", and one more link would not fit an admin's header at 1280 px.
export function navEntries(capabilities: Capabilities): NavEntry[] {
  return [
    { to: '/course-groups', label: 'Course groups' },
    { to: '/learning-paths', label: 'Learning paths' },
    { to: '/events', label: 'Event monitor' },
    ...(capabilities.createAndUpdate ? [{ to: '/editor/new' as const, label: 'New course' }] : []),
    ...(capabilities.manageRoles ? [{ to: '/admin/roles' as const, label: 'Roles' }] : []),
    ...(capabilities.readAudit ? [{ to: '/admin/audit' as const, label: 'Audit log' }] : []),
    ...(capabilities.publish ? [{ to: '/reviews' as const, label: 'Review' }] : []),
  ];
}

/** The screens for the rest of the Content API, kept in one menu so the header stays short. */
export const CONTENT_TOOLS: readonly NavEntry[] = [
  { to: '/search', label: 'Search content' },
  { to: '/users', label: 'Users' },
  { to: '/prices', label: 'Prices' },
  { to: '/completion-criteria', label: 'Completion criteria' },
  { to: '/certificate-templates', label: 'Certificate templates' },
  { to: '/imports', label: 'Bulk imports' },
  { to: '/schedules', label: 'Schedules' },
];
