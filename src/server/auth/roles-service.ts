// Granting and revoking console roles (roles page, CLI, LECTERN_ADMINS at start, demo staff).
import { ApiError } from '../errors.ts';
import type { RoleGrant, RolesRepo } from '../storage/roles-repo.ts';
import { normalizeEmail, type Role, type RoleSource } from './roles.ts';

export const LAST_ADMIN_MESSAGE =
  'Refused: this is the last admin. Grant admin to someone else first, so the console keeps an administrator.';

export function createRolesService(repo: RolesRepo, now: () => number) {
  /** The console refuses to leave itself without an admin; the CLI (a shell on the server) may. */
  function guardLastAdmin(email: string, source: RoleSource) {
    if (source !== 'console') return;
    if (repo.find(email)?.role === 'admin' && repo.countAdmins() <= 1)
      throw new ApiError(409, 'conflict', LAST_ADMIN_MESSAGE);
  }

  // Told when a role is granted or revoked here, so open event streams are checked at once.
  const changeListeners = new Set<() => void>();
  const changed = () => {
    for (const listener of changeListeners) listener();
  };

  return {
    list: (): RoleGrant[] => repo.list(),
    find: (email: string): RoleGrant | undefined => repo.find(normalizeEmail(email)),
    grant(email: string, role: Role, source: RoleSource, grantedBy: string | null): RoleGrant {
      const normalized = normalizeEmail(email);
      const grant = repo.transaction(() => {
        if (role !== 'admin') guardLastAdmin(normalized, source);
        repo.grant(normalized, role, source, grantedBy, now());
        return repo.find(normalized)!;
      });
      changed();
      return grant;
    },
    revoke(email: string, source: RoleSource): boolean {
      const normalized = normalizeEmail(email);
      const revoked = repo.transaction(() => {
        guardLastAdmin(normalized, source);
        return repo.revoke(normalized);
      });
      if (revoked) changed();
      return revoked;
    },
    /** Calls `listener` after every grant or revoke made here; returns the unsubscribe function. */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    /** Start-up grants: LECTERN_ADMINS and, in demo mode, the sandbox's staff accounts. */
    bootstrap(admins: readonly string[], demo: readonly { email: string; role: Role }[]) {
      repo.transaction(() => {
        for (const { email, role } of demo)
          repo.grant(normalizeEmail(email), role, 'demo', null, now());
        for (const email of admins) repo.grant(normalizeEmail(email), 'admin', 'env', null, now());
      });
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
