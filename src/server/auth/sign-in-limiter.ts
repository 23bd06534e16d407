// Sign-in attempts are limited per email and per client address with token buckets (capacity N, refilled
// at N per window). The buckets live in the database, so every console server counts against the same
// ones: moving between servers buys an attacker nothing.
import type { SignInBucketsRepo } from '../storage/sign-in-buckets-repo.ts';

export interface LimiterVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

export function createSignInLimiter(
  repo: SignInBucketsRepo,
  options: { perEmail: number; perAddress: number; windowMs: number; now: () => number },
) {
  const { perEmail, perAddress, windowMs, now } = options;
  return {
    /** Counts one attempt if both buckets allow it; otherwise says how long to wait. */
    async attempt(email: string, address: string): Promise<LimiterVerdict> {
      const { waitMs } = await repo.take(
        [
          { key: `email:${email}`, capacity: perEmail, refillPerMs: perEmail / windowMs },
          { key: `address:${address}`, capacity: perAddress, refillPerMs: perAddress / windowMs },
        ],
        now(),
      );
      return waitMs > 0
        ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
        : { allowed: true, retryAfterSeconds: 0 };
    },
    /** Forgets buckets that are full again (untouched for a whole window). */
    prune: (): Promise<number> => repo.prune(now() - windowMs),
  };
}
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
