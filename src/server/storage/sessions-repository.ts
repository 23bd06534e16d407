// Server-side sessions, keyed by the SHA-256 of the cookie value. The role is joined in on every read,
// so a revoked or changed role is seen by the next read of the session.
import type { ConsoleRole } from '#contract/console/access.ts';
import type { SignInMethod } from '#contract/console/session.ts';
import type { Db } from './database.ts';

export interface SessionRecord {
  idHash: string;
  email: string;
  userId: string;
  firstName: string;
  lastName: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  signInMethod: SignInMethod;
  role: ConsoleRole | null;
}

export function createSessionsRepository(db: Db) {
  return {
    async insert(
      record: Omit<SessionRecord, 'role' | 'signInMethod'> & { signInMethod?: SignInMethod },
    ): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id_hash: record.idHash,
          email: record.email,
          user_id: record.userId,
          first_name: record.firstName,
          last_name: record.lastName,
          created_at: record.createdAt,
          last_seen_at: record.lastSeenAt,
          expires_at: record.expiresAt,
          sign_in_method: record.signInMethod ?? 'instance',
        })
        .execute();
    },
    async find(idHash: string): Promise<SessionRecord | undefined> {
      const row = await db
        .selectFrom('sessions as s')
        .leftJoin('roles as r', 'r.email', 's.email')
        .select([
          's.id_hash as idHash',
          's.email as email',
          's.user_id as userId',
          's.first_name as firstName',
          's.last_name as lastName',
          's.created_at as createdAt',
          's.last_seen_at as lastSeenAt',
          's.expires_at as expiresAt',
          's.sign_in_method as signInMethod',
          'r.role as role',
        ])
        .where('s.id_hash', '=', idHash)
        .executeTakeFirst();
      return row;
    },
    async touch(idHash: string, at: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: at })
        .where('id_hash', '=', idHash)
        .where('last_seen_at', '<', at)
        .execute();
    },
    async remove(idHash: string): Promise<boolean> {
      const result = await db
        .deleteFrom('sessions')
        .where('id_hash', '=', idHash)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    /** Sessions neither expired nor idle now, for the active-sessions gauge. */
    async countActive(now: number, idleCutoff: number): Promise<number> {
      const row = await db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', idleCutoff)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async removeExpired(now: number, idleCutoff: number): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
