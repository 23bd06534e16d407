// ConsoleRole grants by email (lower case).
import type { ConsoleRole } from '#contract/console/access.ts';
import type { RoleSource } from '#contract/console/roles.ts';
import type { Db } from './database.ts';
import type { Engine } from './schema.ts';

export interface RoleGrant {
  email: string;
  role: ConsoleRole;
  source: RoleSource;
  grantedBy: string | null;
  grantedAt: number;
}

const GRANT_COLUMNS = [
  'email',
  'role',
  'source',
  'granted_by as grantedBy',
  'granted_at as grantedAt',
] as const;

/** `db` may be a transaction: the roles service checks and changes grants in one. */
export function createRolesRepository(db: Db, engine: Engine) {
  return {
    async grant(
      email: string,
      role: ConsoleRole,
      source: RoleSource,
      grantedBy: string | null,
      at: number,
    ) {
      await db
        .insertInto('roles')
        .values({ email, role, source, granted_by: grantedBy, granted_at: at })
        .onConflict((conflict) =>
          conflict.column('email').doUpdateSet((eb) => ({
            role: eb.ref('excluded.role'),
            source: eb.ref('excluded.source'),
            granted_by: eb.ref('excluded.granted_by'),
            granted_at: eb.ref('excluded.granted_at'),
          })),
        )
        .execute();
    },
    async revoke(email: string): Promise<boolean> {
      const result = await db.deleteFrom('roles').where('email', '=', email).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    find: (email: string): Promise<RoleGrant | undefined> =>
      db.selectFrom('roles').select(GRANT_COLUMNS).where('email', '=', email).executeTakeFirst(),
    list: (): Promise<RoleGrant[]> =>
      db.selectFrom('roles').select(GRANT_COLUMNS).orderBy('email').execute(),
    /**
     * Admins now. Inside a transaction on PostgreSQL the admin rows stay locked until it ends, so two
     * servers demoting two admins at once cannot both see "another admin is left". (SQLite runs one
     * write transaction at a time.)
     */
    async countAdmins(): Promise<number> {
      const rows = await db
        .selectFrom('roles')
        .select('email')
        .where('role', '=', 'admin')
        .$if(engine === 'postgres', (query) => query.forUpdate())
        .execute();
      return rows.length;
    },
  };
}
export type RolesRepository = ReturnType<typeof createRolesRepository>;
