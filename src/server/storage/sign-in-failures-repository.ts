// The per-email sign-in limit's memory, shared by every console server: for each email, the times of its
// recent attempts that have not (yet) been followed by a successful sign-in. A sliding window, not a
// token bucket, so that no window of the instance's lockout length ever sees more attempts than allowed.
import type { Db } from './database.ts';
import type { Engine } from './schema.ts';

export type FailureVerdict = { allowed: true } | { allowed: false; retryAt: number };

export function createSignInFailuresRepository(db: Db, engine: Engine) {
  return {
    /**
     * Counts one attempt for `email` unless `limit` attempts already fall within `windowMs` before `now`;
     * atomically across servers (the row is locked until the transaction ends).
     */
    attempt(email: string, now: number, windowMs: number, limit: number): Promise<FailureVerdict> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sign_in_failures')
          .values({ email, attempts: '[]', updated_at: now })
          .onConflict((conflict) => conflict.column('email').doNothing())
          .execute();
        const row = await trx
          .selectFrom('sign_in_failures')
          .select('attempts')
          .where('email', '=', email)
          .$if(engine === 'postgres', (query) => query.forUpdate())
          .executeTakeFirstOrThrow();
        const recent = (JSON.parse(row.attempts) as number[]).filter((at) => at > now - windowMs);
        // Allowed again once enough of the recent attempts have left the window.
        if (recent.length >= limit)
          return { allowed: false, retryAt: recent.at(-limit)! + windowMs };
        recent.push(now);
        await trx
          .updateTable('sign_in_failures')
          .set({ attempts: JSON.stringify(recent), updated_at: now })
          .where('email', '=', email)
          .execute();
        return { allowed: true };
      });
    },
    /** A successful sign-in: the instance forgets the failures, and so does the console. */
    async succeeded(email: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
    },
    /** Rows untouched since `before` hold no attempt inside any window. */
    async prune(before: number): Promise<number> {
      const result = await db
        .deleteFrom('sign_in_failures')
        .where('updated_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SignInFailuresRepository = ReturnType<typeof createSignInFailuresRepository>;
