// Role grants by email (lower case).
import type { Role, RoleSource } from '../auth/roles.ts';
import type { Db } from './database.ts';

export interface RoleGrant {
  email: string;
  role: Role;
  source: RoleSource;
  grantedBy: string | null;
  grantedAt: number;
}

interface RoleRow {
  email: string;
  role: Role;
  source: RoleSource;
  granted_by: string | null;
  granted_at: number;
}

const toGrant = (row: RoleRow): RoleGrant => ({
  email: row.email,
  role: row.role,
  source: row.source,
  grantedBy: row.granted_by,
  grantedAt: row.granted_at,
});

export function createRolesRepo(db: Db) {
  const upsert = db.prepare<[string, Role, RoleSource, string | null, number]>(
    `INSERT INTO roles (email, role, source, granted_by, granted_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(email) DO UPDATE SET role = excluded.role, source = excluded.source,
       granted_by = excluded.granted_by, granted_at = excluded.granted_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM roles WHERE email = ?');
  const byEmail = db.prepare<[string], RoleRow>('SELECT * FROM roles WHERE email = ?');
  const all = db.prepare<[], RoleRow>('SELECT * FROM roles ORDER BY email');
  const adminCount = db.prepare<[], { n: number }>(
    "SELECT COUNT(*) AS n FROM roles WHERE role = 'admin'",
  );

  return {
    grant(email: string, role: Role, source: RoleSource, grantedBy: string | null, at: number) {
      upsert.run(email, role, source, grantedBy, at);
    },
    revoke: (email: string): boolean => remove.run(email).changes > 0,
    find(email: string): RoleGrant | undefined {
      const row = byEmail.get(email);
      return row ? toGrant(row) : undefined;
    },
    list: (): RoleGrant[] => all.all().map(toGrant),
    countAdmins: (): number => adminCount.get()!.n,
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
  };
}
export type RolesRepo = ReturnType<typeof createRolesRepo>;
