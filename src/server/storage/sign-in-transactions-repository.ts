// Sign-ins sent to the identity provider, until its redirect comes back. Keyed by the SHA-256 of the
// browser's sign-in cookie; `take` deletes the row as it reads it, so each is used once, on whichever
// console server the browser comes back to.
import type { Db } from './database.ts';

export interface SignInTransaction {
  idHash: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  expiresAt: number;
}

export function createSignInTransactionsRepository(db: Db) {
  return {
    async insert(transaction: SignInTransaction): Promise<void> {
      await db
        .insertInto('sign_in_transactions')
        .values({
          id_hash: transaction.idHash,
          state: transaction.state,
          nonce: transaction.nonce,
          code_verifier: transaction.codeVerifier,
          return_to: transaction.returnTo,
          expires_at: transaction.expiresAt,
        })
        .execute();
    },
    /** Reads and deletes in one statement: two requests with one cookie cannot both get the row. */
    take: (idHash: string): Promise<SignInTransaction | undefined> =>
      db
        .deleteFrom('sign_in_transactions')
        .where('id_hash', '=', idHash)
        .returning([
          'id_hash as idHash',
          'state',
          'nonce',
          'code_verifier as codeVerifier',
          'return_to as returnTo',
          'expires_at as expiresAt',
        ])
        .executeTakeFirst(),
    async removeExpired(now: number): Promise<number> {
      const result = await db
        .deleteFrom('sign_in_transactions')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SignInTransactionsRepository = ReturnType<typeof createSignInTransactionsRepository>;
