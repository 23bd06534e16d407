// Whom a person may share a view of a screen with (the server's rule, mirrored to offer only those):
// their own role, or any role for admins; never a role that cannot open the screen.
import type { ConsoleRole } from '#contract/console/access.ts';
import { SCREEN_ROLES, type SavedViewScreen } from '#contract/console/saved-views.ts';
import { ROLE_LABELS } from '../../lib/role-labels.ts';

export function shareableRoles(role: ConsoleRole | null, screen: SavedViewScreen): ConsoleRole[] {
  if (role === null) return [];
  const open = SCREEN_ROLES[screen];
  return role === 'admin' ? [...open] : open.filter((item) => item === role);
}

export const sharingLabel = (role: ConsoleRole | null): string =>
  role === null ? 'Only me' : `${ROLE_LABELS[role]} (everyone with the role)`;
