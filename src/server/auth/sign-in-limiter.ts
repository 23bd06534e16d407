// Sign-in attempts are limited per email and per client address with token buckets (capacity N, refilled
// at N per window). In memory: the console server is one process, and a restart forgiving attempts is
// acceptable next to the instance's own lockout.
interface Bucket {
  tokens: number;
  updatedAt: number;
}

export interface LimiterVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillPerMs: number;

  constructor(
    private readonly capacity: number,
    windowMs: number,
  ) {
    this.refillPerMs = capacity / windowMs;
  }

  private current(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, updatedAt: now };
    bucket.tokens = Math.min(
      this.capacity,
      bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs,
    );
    bucket.updatedAt = now;
    return bucket;
  }

  /** Milliseconds until one token is available (0 when one is). */
  waitMs(key: string, now: number): number {
    const bucket = this.current(key, now);
    return bucket.tokens >= 1 ? 0 : Math.ceil((1 - bucket.tokens) / this.refillPerMs);
  }

  take(key: string, now: number): void {
    const bucket = this.current(key, now);
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 50_000) this.prune(now);
  }

  private prune(now: number): void {
    for (const [key] of this.buckets)
      if (this.current(key, now).tokens >= this.capacity) this.buckets.delete(key);
  }
}

export function createSignInLimiter(options: {
  perEmail: number;
  perAddress: number;
  windowMs: number;
  now: () => number;
}) {
  const byEmail = new TokenBuckets(options.perEmail, options.windowMs);
  const byAddress = new TokenBuckets(options.perAddress, options.windowMs);
  return {
    /** Counts one attempt if both buckets allow it; otherwise says how long to wait. */
    attempt(email: string, address: string): LimiterVerdict {
      const now = options.now();
      const wait = Math.max(byEmail.waitMs(email, now), byAddress.waitMs(address, now));
      if (wait > 0)
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
      byEmail.take(email, now);
      byAddress.take(address, now);
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
