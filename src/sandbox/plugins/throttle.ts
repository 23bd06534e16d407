// Throttling of spec 7.3 and 8: a token bucket per API key per route group (events, users,
// meetings). The throttled routes are the contract's endpoints marked `throttled` (create and
// update never are). Limits are read live from the settings; changing them empties the buckets, so a
// new limit applies from the next request. Over the limit: 429, `Retry-After` in whole seconds.
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, ENDPOINTS, FEED_MESSAGES, type Endpoint } from '#contract/index.ts';
import type { RateLimit, Settings, SettingsStore } from '../settings.ts';

export type ThrottleGroup = 'events' | 'users' | 'meetings';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Puts a route into a throttle group (the contract's throttled endpoints are found by path). */
    throttle?: ThrottleGroup;
  }
}

const LIMIT_OF: Record<ThrottleGroup, keyof Settings> = {
  events: 'eventsRateLimit',
  users: 'usersRateLimit',
  meetings: 'meetingsRateLimit',
};

/** `/events/{kind}` -> route `/incoming/v2/events/:kind` in group `events`. */
const GROUP_BY_ROUTE = new Map<string, ThrottleGroup>(
  (ENDPOINTS as readonly Endpoint[])
    .filter((endpoint) => endpoint.throttled)
    .map((endpoint) => [
      API_PREFIX + endpoint.path.replace(/\{(\w+)\}/g, ':$1'),
      endpoint.path.split('/')[1] as ThrottleGroup,
    ]),
);

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  /** Takes one token; returns 0 when granted, else the seconds to wait for one. */
  take(key: string, limit: RateLimit, now: number): number {
    const perMs = limit.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, updatedAt: now };
    bucket.tokens = Math.min(
      limit.burst,
      bucket.tokens + Math.max(0, now - bucket.updatedAt) * perMs,
    );
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }

  clear(): void {
    this.buckets.clear();
  }
}

export function registerThrottle(
  app: FastifyInstance,
  settings: SettingsStore,
  now: () => number,
): void {
  const buckets = new TokenBuckets();
  let limits = JSON.stringify(limitsOf(settings.get()));
  settings.onChange((next) => {
    const changed = JSON.stringify(limitsOf(next));
    if (changed !== limits) buckets.clear();
    limits = changed;
  });

  // After authentication (registered after it): buckets are kept per presented API key.
  app.addHook('preHandler', async (request, reply) => {
    const group =
      request.routeOptions.config.throttle ?? GROUP_BY_ROUTE.get(request.routeOptions.url ?? '');
    if (!group || !request.auth) return;
    const limit = settings.get()[LIMIT_OF[group]] as RateLimit;
    const wait = buckets.take(`${group}\u0000${request.auth.key}`, limit, now());
    if (wait === 0) return;
    return reply
      .code(429)
      .header('retry-after', String(wait))
      .send({ errors: [FEED_MESSAGES.rateLimited(wait)] });
  });
}

const limitsOf = (s: Settings) => [s.eventsRateLimit, s.usersRateLimit, s.meetingsRateLimit];
