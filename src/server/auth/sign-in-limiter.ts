// Sign-in attempts are limited per client address and per email, in the database, so every console
// server counts against the same limits: moving between servers buys an attacker nothing.
//   - Per address: a token bucket (capacity N, refilled at N per window) against password spraying.
//   - Per email: at most `perEmail` attempts without a successful sign-in in any `emailWindowMs`, a
//     sliding window one step below the learning platform's lockout (5 failures in 15 minutes), so
//     that nobody can lock someone else's account through the console. A successful sign-in clears it,
//     as it clears the platform's count.
import type { SignInBucketsRepository } from '../storage/sign-in-buckets-repository.ts';
import type { SignInFailuresRepository } from '../storage/sign-in-failures-repository.ts';

export type LimiterVerdict =
  { allowed: true } | { allowed: false; limit: 'address' | 'email'; retryAfterSeconds: number };

export interface SignInLimits {
  perEmail: number;
  perAddress: number;
  windowMs: number;
  emailWindowMs: number;
}

export function createSignInLimiter(
  repos: { buckets: SignInBucketsRepository; failures: SignInFailuresRepository },
  options: SignInLimits & { now: () => number },
) {
  const { perEmail, perAddress, windowMs, emailWindowMs, now } = options;
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  return {
    perEmail,
    /** Counts one attempt if both limits allow it; otherwise says which one refused and for how long. */
    async attempt(email: string, address: string): Promise<LimiterVerdict> {
      const at = now();
      const { waitMs } = await repos.buckets.take(
        [{ key: `address:${address}`, capacity: perAddress, refillPerMs: perAddress / windowMs }],
        at,
      );
      if (waitMs > 0)
        return { allowed: false, limit: 'address', retryAfterSeconds: seconds(waitMs) };
      const verdict = await repos.failures.attempt(email, at, emailWindowMs, perEmail);
      return verdict.allowed
        ? { allowed: true }
        : { allowed: false, limit: 'email', retryAfterSeconds: seconds(verdict.retryAt - at) };
    },
    /** The instance accepted the password: the email's unsuccessful attempts are forgotten. */
    succeeded: (email: string): Promise<void> => repos.failures.succeeded(email),
    /** Forgets buckets that are full again and emails with no attempt left in their window. */
    prune: async (): Promise<number> =>
      (await repos.buckets.prune(now() - windowMs)) +
      (await repos.failures.prune(now() - emailWindowMs)),
  };
}
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
