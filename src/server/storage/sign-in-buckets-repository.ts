// Token buckets of the sign-in limits, shared by every console server: one row per key ("email:..." or
// "address:..."), its tokens and when they were last counted. A missing row is a full bucket.
import type { Db } from './database.ts';
import type { Engine } from './schema.ts';

export interface BucketSpec {
  key: string;
  capacity: number;
  refillPerMs: number;
}

/** `waitMs` 0: one token was taken from every bucket. Otherwise nothing was taken. */
export interface BucketVerdict {
  waitMs: number;
}

export function createSignInBucketsRepository(db: Db, engine: Engine) {
  return {
    /** Takes one token from each bucket if every one has a token, atomically across servers. */
    take(buckets: BucketSpec[], now: number): Promise<BucketVerdict> {
      const sorted = [...buckets].sort((a, b) => (a.key < b.key ? -1 : 1)); // one lock order
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sign_in_buckets')
          .values(
            sorted.map((bucket) => ({ key: bucket.key, tokens: bucket.capacity, updated_at: now })),
          )
          .onConflict((conflict) => conflict.column('key').doNothing())
          .execute();
        const rows = await trx
          .selectFrom('sign_in_buckets')
          .selectAll()
          .where(
            'key',
            'in',
            sorted.map((bucket) => bucket.key),
          )
          .orderBy('key')
          .$if(engine === 'postgres', (query) => query.forUpdate())
          .execute();
        const byKey = new Map(rows.map((row) => [row.key, row]));
        let waitMs = 0;
        const current = sorted.map((bucket) => {
          const row = byKey.get(bucket.key);
          // Clocks of two servers may disagree a little: time never runs backwards for a bucket.
          const elapsed = row ? Math.max(0, now - row.updated_at) : 0;
          const tokens = Math.min(
            bucket.capacity,
            (row?.tokens ?? bucket.capacity) + elapsed * bucket.refillPerMs,
          );
          if (tokens < 1) waitMs = Math.max(waitMs, Math.ceil((1 - tokens) / bucket.refillPerMs));
          return { key: bucket.key, tokens, at: Math.max(now, row?.updated_at ?? now) };
        });
        if (waitMs > 0) return { waitMs };
        for (const bucket of current)
          await trx
            .updateTable('sign_in_buckets')
            .set({ tokens: bucket.tokens - 1, updated_at: bucket.at })
            .where('key', '=', bucket.key)
            .execute();
        return { waitMs: 0 };
      });
    },
    /** Buckets untouched for a whole window are full again: the same as no row. */
    async prune(untouchedSince: number): Promise<number> {
      const result = await db
        .deleteFrom('sign_in_buckets')
        .where('updated_at', '<', untouchedSince)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SignInBucketsRepository = ReturnType<typeof createSignInBucketsRepository>;
