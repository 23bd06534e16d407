// Granting and revoking console roles (roles page, CLI, LECTERN_ADMINS at start, demo staff). Every change
// is reported through `onChange`, so sessions on every server see it at once.
import type { ConsoleRole } from '#contract/console/access.ts';
import type { RoleSource } from '#contract/console/roles.ts';
import { ApiError } from '../errors.ts';
import type { Db } from '../storage/database.ts';
import {
  createRolesRepository,
  type RoleGrant,
  type RolesRepository,
} from '../storage/roles-repository.ts';
import type { Engine } from '../storage/schema.ts';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const LAST_ADMIN_MESSAGE =
  'Refused: this is the last admin. Grant admin to someone else first, so the console keeps an administrator.';

export function createRolesService(
  db: Db,
  engine: Engine,
  options: { now: () => number; onChange?: (email: string) => void },
) {
  const { now } = options;
  const repo = createRolesRepository(db, engine);
  const changed = (email: string) => options.onChange?.(email);

  /** Runs `fn` with a repository bound to one transaction. */
  const inTransaction = <T>(fn: (repo: RolesRepository) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => fn(createRolesRepository(trx, engine)));

  /** The console refuses to leave itself without an admin; the CLI (a shell on the server) may. */
  async function guardLastAdmin(tx: RolesRepository, email: string, source: RoleSource) {
    if (source !== 'console') return;
    const admins = await tx.countAdmins(); // locks the admin rows until the change commits
    if ((await tx.find(email))?.role === 'admin' && admins <= 1)
      throw new ApiError(409, 'conflict', LAST_ADMIN_MESSAGE);
  }

  return {
    list: (): Promise<RoleGrant[]> => repo.list(),
    find: (email: string): Promise<RoleGrant | undefined> => repo.find(normalizeEmail(email)),
    async grant(
      email: string,
      role: ConsoleRole,
      source: RoleSource,
      grantedBy: string | null,
    ): Promise<RoleGrant> {
      const normalized = normalizeEmail(email);
      const grant = await inTransaction(async (tx) => {
        if (role !== 'admin') await guardLastAdmin(tx, normalized, source);
        await tx.grant(normalized, role, source, grantedBy, now());
        return (await tx.find(normalized))!;
      });
      changed(normalized);
      return grant;
    },
    async revoke(email: string, source: RoleSource): Promise<boolean> {
      const normalized = normalizeEmail(email);
      const revoked = await inTransaction(async (tx) => {
        await guardLastAdmin(tx, normalized, source);
        return tx.revoke(normalized);
      });
      if (revoked) changed(normalized);
      return revoked;
    },
    /**
     * At every sign-in through the identity provider: the role its groups give replaces the person's
     * role, whatever its source; no mapped group removes a role that came from the provider (one an
     * admin granted on the roles page, the command line or LECTERN_ADMINS stays). Returns the grant now.
     */
    async syncFromIdentityProvider(
      email: string,
      role: ConsoleRole | null,
    ): Promise<RoleGrant | undefined> {
      const normalized = normalizeEmail(email);
      const { grant, changes } = await inTransaction(async (tx) => {
        const current = await tx.find(normalized);
        if (role === null) {
          if (current?.source !== 'identityProvider') return { grant: current, changes: false };
          await tx.revoke(normalized);
          return { grant: undefined, changes: true };
        }
        if (current?.role === role && current.source === 'identityProvider')
          return { grant: current, changes: false };
        await tx.grant(normalized, role, 'identityProvider', null, now());
        return { grant: await tx.find(normalized), changes: true };
      });
      if (changes) changed(normalized);
      return grant;
    },
    /** Start-up grants: LECTERN_ADMINS and, in demo mode, the sandbox's staff accounts. */
    async bootstrap(
      admins: readonly string[],
      demo: readonly { email: string; role: ConsoleRole }[],
    ) {
      const emails = await inTransaction(async (tx) => {
        const touched: string[] = [];
        for (const { email, role } of demo) {
          await tx.grant(normalizeEmail(email), role, 'demo', null, now());
          touched.push(normalizeEmail(email));
        }
        for (const email of admins) {
          await tx.grant(normalizeEmail(email), 'admin', 'env', null, now());
          touched.push(normalizeEmail(email));
        }
        return touched;
      });
      emails.forEach(changed);
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
