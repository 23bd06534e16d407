// Console server configuration, parsed from the environment once. A missing or malformed variable stops
// the start with a message that names it (ConfigError). docs/operations/configuration.md mirrors this.
import { hostname } from 'node:os';
import { z } from '#contract/zod.ts';
import { CONSOLE_ROLES, type ConsoleRole } from '#contract/console/access.ts';
import { EVENT_KINDS, EventKind, LIMITS } from '#contract/index.ts';
import { parseAllowlist, type AllowEntry } from './net/address-guard.ts';

/** Which database the console keeps its state in (storage/database.ts opens it). */
export type DatabaseConfig =
  { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; poolSize: number };

export interface UpstreamConfig {
  /** `{base_url}` of the learning instance (no trailing slash). */
  baseUrl: string;
  apiKey: string;
  /** GraphQL path relative to the base URL, starting with `/`. */
  graphqlPath: string;
}

export interface ConsoleConfig {
  host: string;
  port: number;
  /** Set when LECTERN_UPSTREAM_URL and friends are given; null means "start the embedded sandbox". */
  upstream: UpstreamConfig | null;
  /** SQLite file (one server), or PostgreSQL shared by any number of servers. */
  database: DatabaseConfig;
  /** This server's name in audit rows, the health report and the relay status. */
  serverName: string;
  admins: string[];
  session: { idleMs: number; absoluteMs: number };
  /** Origin the browser uses (scheme://host:port); null derives it from the listening address. */
  publicOrigin: string | null;
  /** Further origins accepted by the CSRF check (a dev server in front of the console). */
  extraOrigins: string[];
  upstreamTimeoutMs: number;
  /** Connections to the instance this server keeps at most (its upstream pool). */
  upstreamConnections: number;
  maxBodyBytes: number;
  /** What one request may take: time limits and the bounds on bodies being received (docs/security.md). */
  requests: RequestLimits;
  /** Hosts and ranges a fetched URL may lead to although they are internal (LECTERN_URL_ALLOWLIST). */
  urlAllowlist: AllowEntry[];
  trustProxy: boolean | number;
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  signIn: {
    /** Unsuccessful attempts per email allowed within `emailWindowMs`, below the instance's lockout. */
    perEmail: number;
    perAddress: number;
    windowMs: number;
    /** The instance's lockout window plus a margin for the two clocks and requests in transit. */
    emailWindowMs: number;
  };
  relay: RelayConfig;
  /** Alert rules and webhook deliveries, run by the relay's leader (alerts/alerts-service.ts). */
  alerts: {
    evaluateEveryMs: number;
    deliverEveryMs: number;
    /** Attempts per webhook delivery, the first included. */
    attempts: number;
    timeoutMs: number;
    /** Exponential backoff with equal jitter between attempts (alerts/webhook-deliveries.ts). */
    backoffBaseMs: number;
    backoffCapMs: number;
  };
  /** Titles of the ids events carry (names/names-service.ts). */
  names: NamesConfig;
  /** Scheduled actions: how often the lease holder looks for due ones; when a run counts as late. */
  schedules: { checkMs: number; lateAfterMs: number };
  /** Quiet time after which a person's calls on one course make one history version. */
  historyQuietMs: number;
  sandbox: { port: number; dbFile: string };
  /** The course checks' link checker (issue 24). */
  linkCheck: LinkCheckConfig;
  /** OpenID Connect sign-in (LECTERN_OIDC_*); null when not configured. */
  identityProvider: IdentityProviderConfig | null;
  /** Sign-in with a learning-platform email and password (LECTERN_INSTANCE_LOGIN). */
  instanceLogin: boolean;
  /** `GET /metrics` answers only with `Authorization: Bearer <this>`; null: no metrics endpoint. */
  metricsToken: string | null;
  /** How long a stopping server lets requests in flight finish (SIGTERM). */
  shutdownGraceMs: number;
  /** Editor presence and edit leases (presence/presence-service.ts). */
  presence: PresenceConfig;
}

export interface LinkCheckConfig {
  /** Requests in flight at most, every check of this server together. */
  concurrency: number;
  /** Time limit of one request. */
  timeoutMs: number;
  /** How long a link's answer, and a course's report, are reused. */
  cacheMs: number;
}

export interface IdentityProviderConfig {
  /** The issuer identifier; its discovery document is read at start. */
  issuer: string;
  clientId: string;
  /** Null for a public client (PKCE alone). */
  clientSecret: string | null;
  /** Shown on the sign-in button: "Sign in with <name>". */
  name: string;
  scopes: string;
  /** The claim listing the user's groups; a dotted path reaches into an object (`realm_access.roles`). */
  rolesClaim: string;
  /** Group -> console role. A user in several mapped groups gets the strongest role. */
  roleMap: ReadonlyMap<string, ConsoleRole>;
}

export interface PresenceConfig {
  /** A tab is present this long after its last heartbeat (LECTERN_PRESENCE_TTL_S). */
  ttlMs: number;
  /** How often tabs beat: under half the time-to-live, so one late beat is not a departure. */
  heartbeatMs: number;
  /** How often each server deletes expired tabs and announces their departure. */
  sweepMs: number;
  /** A tab that says it leaves is gone this much later, unless it beats again (a reload). */
  leaveGraceMs: number;
}

export interface RequestLimits {
  /** The request line and headers must arrive within this (Node's headersTimeout; then 408). */
  headersTimeoutMs: number;
  /**
   * A body must be complete within `bodyTimeoutMs` of its request's start, plus 1 s for every
   * `bodyMinBytesPerSecond` bytes received (Apache's mod_reqtimeout rule): a client sending at that rate
   * or faster never hits it; one dripping bytes is answered 408 after `bodyTimeoutMs`.
   */
  bodyTimeoutMs: number;
  bodyMinBytesPerSecond: number;
  /** The whole request, headers and body, whoever reads it (Node's requestTimeout; then 408). */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Proxied request bodies one user may be sending at once; more are answered 429. */
  bodiesPerUser: number;
  /** Proxied request bodies being received at once, all users together; more are answered 503. */
  bodiesTotal: number;
}

export interface RelayConfig {
  kinds: EventKind[];
  pollIntervalMs: number;
  retentionDays: number;
  /** Exponential backoff with full jitter on 5xx and network errors: random(0, min(cap, base * 2^n)). */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** Wait after a 4xx other than 429: the request will not succeed by retrying soon. */
  clientErrorBackoffMs: number;
  /** How long SSE connections stay quiet before a heartbeat comment. */
  heartbeatMs: number;
  /**
   * Several servers: how often one without the relay lease tries to take it (and the leader checks its
   * lease connection). Bounds the failover time after the leader dies.
   */
  leaseCheckMs: number;
}

export interface NamesConfig {
  /** How long a found title is kept (missing items: a fifth of it). */
  ttlMs: number;
  /** Reads of titles in flight at once, per server. */
  concurrency: number;
  /** The longest a title lookup waits out the instance's throttling (429 Retry-After). */
  maxThrottleWaitMs: number;
}

export class ConfigError extends Error {}

const int = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number)),
    z.number().check(z.gte(min, `must be at least ${min}`), z.lte(max, `must be at most ${max}`)),
  );

const origin = z.pipe(
  z
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: 'must be an origin such as https://console.example.com',
      }),
      z.transform((value) => new URL(value)),
    )
    .check(
      z.refine((url) => url.pathname === '/' && !url.search && !url.hash, {
        message: 'must be an origin only (scheme://host[:port]), without a path',
      }),
    ),
  z.transform((url) => url.origin),
);

/** A variable read by a parser that throws on bad input: its message becomes the variable's issue. */
const parsedBy = <T>(parse: (value: string) => T, prefix = '') =>
  z.pipe(
    z.string(),
    z.transform((value: string, ctx) => {
      try {
        return parse(value);
      } catch (error) {
        ctx.issues.push({
          code: 'custom',
          message: prefix + (error as Error).message,
          input: value,
        });
        return z.NEVER;
      }
    }),
  );

const emailList = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    ),
  ),
  z.array(z.email('must be a comma-separated list of email addresses')),
);

const EnvSchema = z.object({
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  PORT: z._default(int(0, 65535), 4400),
  LECTERN_UPSTREAM_URL: z.optional(
    z
      .url({ protocol: /^https?$/, error: 'must be the http(s) base URL of the learning instance' })
      .check(
        z.refine((value) => !new URL(value).search && !new URL(value).hash, {
          message: 'must not carry a query string or fragment',
        }),
      ),
  ),
  LECTERN_API_KEY: z.optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty'))),
  LECTERN_GRAPHQL_PATH: z.optional(
    z
      .string()
      .check(
        z.regex(/^\/[A-Za-z0-9/_.-]*$/, 'must be a path starting with / (for example /graphql)'),
      ),
  ),
  LECTERN_DB: z.optional(z.string().check(z.minLength(1))),
  LECTERN_DATABASE_URL: z.optional(
    z.string().check(
      z.refine(isPostgresUrl, {
        message:
          'must be a PostgreSQL URL such as postgres://user:password@db.example.com:5432/lectern',
      }),
    ),
  ),
  LECTERN_DATABASE_POOL_SIZE: z._default(int(1, 500), 10),
  LECTERN_SERVER_NAME: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.regex(
          /^[A-Za-z0-9._:@-]{1,60}$/,
          'must be 1 to 60 letters, digits and . _ : @ - (for example console-2)',
        ),
      ),
  ),
  LECTERN_ADMINS: z._default(emailList, []),
  LECTERN_SESSION_IDLE_MINUTES: z._default(int(1, 7 * 24 * 60), 30),
  LECTERN_SESSION_ABSOLUTE_HOURS: z._default(int(1, 30 * 24), 12),
  LECTERN_PUBLIC_ORIGIN: z.optional(origin),
  LECTERN_EXTRA_ORIGINS: z._default(
    z.pipe(
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((value) => value.split(',').map((item) => item.trim())),
        ),
        z.transform((items) => items.filter(Boolean)),
      ),
      z.array(origin),
    ),
    [],
  ),
  LECTERN_UPSTREAM_TIMEOUT_MS: z._default(int(100, 600_000), 30_000),
  LECTERN_UPSTREAM_CONNECTIONS: z._default(int(1, 4096), 256),
  LECTERN_HEADERS_TIMEOUT_S: z._default(int(1, 600), 10),
  LECTERN_BODY_TIMEOUT_S: z._default(int(1, 3600), 10),
  LECTERN_BODY_MIN_RATE_KB: z._default(int(1, 1_048_576), 64),
  LECTERN_REQUEST_TIMEOUT_S: z._default(int(1, 86_400), 300),
  LECTERN_KEEP_ALIVE_TIMEOUT_S: z._default(int(1, 3600), 72),
  LECTERN_BODIES_PER_USER: z._default(int(1, 10_000), 4),
  LECTERN_BODIES_TOTAL: z._default(int(1, 100_000), 32),
  LECTERN_URL_ALLOWLIST: z._default(
    parsedBy(parseAllowlist, 'must be a comma-separated list of hosts and CIDR ranges: '),
    [],
  ),
  // The sandbox's limit by default: the console forwards nothing the upstream would refuse as too large.
  LECTERN_MAX_BODY_MB: z._default(int(1, 1024), LIMITS.requestBodyBytes / (1024 * 1024)),
  LECTERN_TRUST_PROXY: z._default(
    z.pipe(
      z
        .string()
        .check(z.regex(/^(true|false|\d+)$/, "must be 'true', 'false' or a number of proxy hops")),
      z.transform((value) => (value === 'true' ? true : value === 'false' ? false : Number(value))),
    ),
    false,
  ),
  LECTERN_LOG: z._default(z.enum(['silent', 'error', 'warn', 'info', 'debug']), 'info'),
  // The learning platform locks an account after this many failed sign-ins within 15 minutes.
  LECTERN_UPSTREAM_LOCKOUT_AFTER: z._default(int(2, 10_000), 5),
  // Unsuccessful attempts per email per window: must stay below the platform's lockout (checked below).
  LECTERN_SIGNIN_PER_EMAIL: z.optional(int(1, 10_000)),
  LECTERN_SIGNIN_PER_ADDRESS: z._default(int(1, 100_000), 50),
  LECTERN_RELAY_KINDS: z._default(
    z.pipe(
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((value) => value.trim()),
        ),
        z.transform((value) =>
          value === 'none'
            ? []
            : value === 'all' || value === ''
              ? [...EVENT_KINDS]
              : value.split(',').map((item) => item.trim()),
        ),
      ),
      z.array(EventKind, "must be 'all', 'none' or a comma-separated list of event kinds"),
    ),
    [...EVENT_KINDS],
  ),
  LECTERN_RELAY_POLL_MS: z._default(int(100, 3_600_000), 1000),
  LECTERN_HISTORY_QUIET_MS: z._default(int(0, 60_000), 1500),
  LECTERN_RELAY_RETENTION_DAYS: z._default(int(1, 3650), 30),
  LECTERN_ALERTS_EVALUATE_S: z._default(int(1, 3600), 30),
  LECTERN_WEBHOOK_ATTEMPTS: z._default(int(1, 20), 8),
  LECTERN_WEBHOOK_TIMEOUT_S: z._default(int(1, 120), 10),
  LECTERN_NAMES_TTL_S: z._default(int(10, 30 * 86_400), 3600),
  LECTERN_NAMES_CONCURRENCY: z._default(int(1, 64), 4),
  LECTERN_LINK_CHECK_CONCURRENCY: z._default(int(1, 256), 64),
  LECTERN_LINK_CHECK_TIMEOUT_MS: z._default(int(100, 60_000), 5000),
  LECTERN_LINK_CHECK_CACHE_S: z._default(int(0, 86_400), 300),
  LECTERN_OIDC_ISSUER: z.optional(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be the http(s) URL of the identity provider (its issuer)',
      })
      .check(
        z.refine(
          (value) => new URL(value).protocol === 'https:' || isLoopback(new URL(value).hostname),
          {
            message:
              'must use https (http only for a provider on this machine: localhost, 127.0.0.1)',
          },
        ),
      ),
  ),
  LECTERN_OIDC_CLIENT_ID: z.optional(z.string().check(z.trim(), z.minLength(1))),
  LECTERN_OIDC_CLIENT_SECRET: z.optional(z.string().check(z.minLength(1))),
  LECTERN_OIDC_NAME: z.optional(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(60, 'must be at most 60 characters')),
  ),
  LECTERN_OIDC_SCOPES: z._default(
    z.string().check(z.trim(), z.regex(/(^|\s)openid(\s|$)/, "must include 'openid'")),
    'openid email profile',
  ),
  LECTERN_OIDC_ROLES_CLAIM: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.regex(
          /^[^.\s]+(\.[^.\s]+)*$/,
          'must be a claim name or a dotted path (realm_access.roles)',
        ),
      ),
    'groups',
  ),
  LECTERN_OIDC_ROLE_MAP: z.optional(parsedBy(parseRoleMap)),
  LECTERN_INSTANCE_LOGIN: z._default(z.enum(['on', 'off'], "must be 'on' or 'off'"), 'on'),
  LECTERN_METRICS_TOKEN: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(
          16,
          'must be at least 16 characters (a random secret that scrapers send as a bearer token)',
        ),
        z.regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces'),
      ),
  ),
  LECTERN_SHUTDOWN_GRACE_S: z._default(int(1, 300), 10),
  LECTERN_SCHEDULE_CHECK_MS: z._default(int(100, 60_000), 1000),
  LECTERN_SCHEDULE_LATE_AFTER_S: z._default(int(1, 86_400), 60),
  LECTERN_PRESENCE_TTL_S: z._default(int(3, 300), 20),
  LECTERN_SANDBOX_PORT: z._default(int(0, 65535), 0),
  LECTERN_SANDBOX_DB: z._default(z.string().check(z.minLength(1)), '.data/sandbox.db'),
});

const UPSTREAM_VARS = ['LECTERN_UPSTREAM_URL', 'LECTERN_API_KEY', 'LECTERN_GRAPHQL_PATH'] as const;
const OIDC_VARS = [
  'LECTERN_OIDC_ISSUER',
  'LECTERN_OIDC_CLIENT_ID',
  'LECTERN_OIDC_ROLE_MAP',
] as const;

export function readConsoleConfig(env: NodeJS.ProcessEnv = process.env): ConsoleConfig {
  const parsed = EnvSchema.safeParse(withoutEmptyStrings(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid console configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const present = UPSTREAM_VARS.filter((name) => e[name] !== undefined);
  if (present.length > 0 && present.length < UPSTREAM_VARS.length) {
    const missing = UPSTREAM_VARS.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid console configuration:\n  ${missing.join(', ')}: must be set together with ${present.join(', ')} (all three name the real instance; leave all unset for the embedded sandbox)`,
    );
  }
  if (e.LECTERN_DB !== undefined && e.LECTERN_DATABASE_URL !== undefined)
    throw new ConfigError(
      'Invalid console configuration:\n  LECTERN_DB, LECTERN_DATABASE_URL: set one of them (a SQLite file for one server, or a PostgreSQL URL shared by several), not both',
    );
  if (
    e.LECTERN_SIGNIN_PER_EMAIL !== undefined &&
    e.LECTERN_SIGNIN_PER_EMAIL >= e.LECTERN_UPSTREAM_LOCKOUT_AFTER
  )
    throw new ConfigError(
      `Invalid console configuration:\n  LECTERN_SIGNIN_PER_EMAIL: must be below LECTERN_UPSTREAM_LOCKOUT_AFTER (${e.LECTERN_UPSTREAM_LOCKOUT_AFTER}), so that the console stops before the learning platform locks the account`,
    );
  if (e.LECTERN_BODIES_PER_USER > e.LECTERN_BODIES_TOTAL)
    throw new ConfigError(
      `Invalid console configuration:\n  LECTERN_BODIES_PER_USER: must not exceed LECTERN_BODIES_TOTAL (${e.LECTERN_BODIES_TOTAL})`,
    );
  if (e.LECTERN_HEADERS_TIMEOUT_S > e.LECTERN_REQUEST_TIMEOUT_S)
    throw new ConfigError(
      `Invalid console configuration:\n  LECTERN_HEADERS_TIMEOUT_S: must not exceed LECTERN_REQUEST_TIMEOUT_S (${e.LECTERN_REQUEST_TIMEOUT_S})`,
    );
  const oidcPresent = OIDC_VARS.filter((name) => e[name] !== undefined);
  if (oidcPresent.length > 0 && oidcPresent.length < OIDC_VARS.length) {
    const missing = OIDC_VARS.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid console configuration:\n  ${missing.join(', ')}: must be set together with ${oidcPresent.join(', ')} (sign-in through an identity provider needs its issuer, the console's client id and which groups give which role)`,
    );
  }
  if (e.LECTERN_INSTANCE_LOGIN === 'off' && oidcPresent.length === 0)
    throw new ConfigError(
      'Invalid console configuration:\n  LECTERN_INSTANCE_LOGIN: can be off only when an identity provider is configured (LECTERN_OIDC_ISSUER and friends); otherwise nobody could sign in',
    );
  const upstream: UpstreamConfig | null = e.LECTERN_UPSTREAM_URL
    ? {
        baseUrl: e.LECTERN_UPSTREAM_URL.replace(/\/+$/, ''),
        apiKey: e.LECTERN_API_KEY!,
        graphqlPath: e.LECTERN_GRAPHQL_PATH!,
      }
    : null;
  return {
    host: e.HOST,
    port: e.PORT,
    upstream,
    database: databaseConfig(e),
    serverName: e.LECTERN_SERVER_NAME ?? `${hostname()}:${e.PORT}`.slice(0, 60),
    admins: e.LECTERN_ADMINS,
    session: {
      idleMs: e.LECTERN_SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.LECTERN_SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    publicOrigin: e.LECTERN_PUBLIC_ORIGIN ?? null,
    extraOrigins: e.LECTERN_EXTRA_ORIGINS,
    upstreamTimeoutMs: e.LECTERN_UPSTREAM_TIMEOUT_MS,
    upstreamConnections: e.LECTERN_UPSTREAM_CONNECTIONS,
    maxBodyBytes: e.LECTERN_MAX_BODY_MB * 1024 * 1024,
    requests: {
      headersTimeoutMs: e.LECTERN_HEADERS_TIMEOUT_S * 1000,
      bodyTimeoutMs: e.LECTERN_BODY_TIMEOUT_S * 1000,
      bodyMinBytesPerSecond: e.LECTERN_BODY_MIN_RATE_KB * 1024,
      requestTimeoutMs: e.LECTERN_REQUEST_TIMEOUT_S * 1000,
      keepAliveTimeoutMs: e.LECTERN_KEEP_ALIVE_TIMEOUT_S * 1000,
      bodiesPerUser: e.LECTERN_BODIES_PER_USER,
      bodiesTotal: e.LECTERN_BODIES_TOTAL,
    },
    urlAllowlist: e.LECTERN_URL_ALLOWLIST,
    trustProxy: e.LECTERN_TRUST_PROXY,
    logLevel: e.LECTERN_LOG,
    signIn: {
      perEmail: e.LECTERN_SIGNIN_PER_EMAIL ?? e.LECTERN_UPSTREAM_LOCKOUT_AFTER - 1,
      perAddress: e.LECTERN_SIGNIN_PER_ADDRESS,
      windowMs: 15 * 60_000,
      emailWindowMs: 16 * 60_000,
    },
    relay: {
      kinds: e.LECTERN_RELAY_KINDS,
      pollIntervalMs: e.LECTERN_RELAY_POLL_MS,
      retentionDays: e.LECTERN_RELAY_RETENTION_DAYS,
      backoffBaseMs: 500,
      backoffCapMs: 60_000,
      clientErrorBackoffMs: 5 * 60_000,
      heartbeatMs: 15_000,
      leaseCheckMs: 1000,
    },
    alerts: {
      evaluateEveryMs: e.LECTERN_ALERTS_EVALUATE_S * 1000,
      deliverEveryMs: 1000,
      attempts: e.LECTERN_WEBHOOK_ATTEMPTS,
      timeoutMs: e.LECTERN_WEBHOOK_TIMEOUT_S * 1000,
      backoffBaseMs: 30_000,
      backoffCapMs: 3_600_000,
    },
    names: {
      ttlMs: e.LECTERN_NAMES_TTL_S * 1000,
      concurrency: e.LECTERN_NAMES_CONCURRENCY,
      maxThrottleWaitMs: 10_000,
    },
    schedules: {
      checkMs: e.LECTERN_SCHEDULE_CHECK_MS,
      lateAfterMs: e.LECTERN_SCHEDULE_LATE_AFTER_S * 1000,
    },
    historyQuietMs: e.LECTERN_HISTORY_QUIET_MS,
    sandbox: { port: e.LECTERN_SANDBOX_PORT, dbFile: e.LECTERN_SANDBOX_DB },
    linkCheck: {
      concurrency: e.LECTERN_LINK_CHECK_CONCURRENCY,
      timeoutMs: e.LECTERN_LINK_CHECK_TIMEOUT_MS,
      cacheMs: e.LECTERN_LINK_CHECK_CACHE_S * 1000,
    },
    identityProvider: e.LECTERN_OIDC_ISSUER
      ? {
          issuer: e.LECTERN_OIDC_ISSUER,
          clientId: e.LECTERN_OIDC_CLIENT_ID!,
          clientSecret: e.LECTERN_OIDC_CLIENT_SECRET ?? null,
          name: e.LECTERN_OIDC_NAME ?? 'single sign-on',
          scopes: e.LECTERN_OIDC_SCOPES,
          rolesClaim: e.LECTERN_OIDC_ROLES_CLAIM,
          roleMap: e.LECTERN_OIDC_ROLE_MAP!,
        }
      : null,
    instanceLogin: e.LECTERN_INSTANCE_LOGIN === 'on',
    metricsToken: e.LECTERN_METRICS_TOKEN ?? null,
    shutdownGraceMs: e.LECTERN_SHUTDOWN_GRACE_S * 1000,
    presence: presenceConfig(e.LECTERN_PRESENCE_TTL_S * 1000),
  };
}

function presenceConfig(ttlMs: number): PresenceConfig {
  return {
    ttlMs,
    heartbeatMs: Math.floor(ttlMs * 0.4),
    sweepMs: Math.min(2000, Math.floor(ttlMs / 5)),
    leaveGraceMs: Math.min(3000, Math.floor(ttlMs / 4)),
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isLoopback = (hostname: string): boolean => LOOPBACK_HOSTS.has(hostname);

/**
 * `group=role` pairs, separated by commas, or by semicolons when a group name holds a comma (an LDAP
 * distinguished name). The last `=` of a pair separates the group from the role, so names may hold `=`.
 */
export function parseRoleMap(value: string): Map<string, ConsoleRole> {
  const map = new Map<string, ConsoleRole>();
  const pairs = value.includes(';') ? value.split(';') : value.split(',');
  for (const raw of pairs.map((pair) => pair.trim()).filter(Boolean)) {
    const at = raw.lastIndexOf('=');
    const group = raw.slice(0, at).trim();
    const role = raw.slice(at + 1).trim();
    if (at <= 0 || !group)
      throw new Error(`"${raw}" must be group=role (for example lectern-admins=admin)`);
    if (!(CONSOLE_ROLES as readonly string[]).includes(role))
      throw new Error(`"${raw}": the role must be one of ${CONSOLE_ROLES.join(', ')}`);
    if (map.has(group)) throw new Error(`the group "${group}" is mapped twice`);
    map.set(group, role as ConsoleRole);
  }
  if (map.size === 0) throw new Error('must map at least one group (group=role,...)');
  return map;
}

export const DEFAULT_DB_FILE = '.data/console.db';

function databaseConfig(e: {
  LECTERN_DB?: string;
  LECTERN_DATABASE_URL?: string;
  LECTERN_DATABASE_POOL_SIZE: number;
}): DatabaseConfig {
  return e.LECTERN_DATABASE_URL
    ? { engine: 'postgres', url: e.LECTERN_DATABASE_URL, poolSize: e.LECTERN_DATABASE_POOL_SIZE }
    : { engine: 'sqlite', file: e.LECTERN_DB ?? DEFAULT_DB_FILE };
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return /^postgres(ql)?:$/.test(url.protocol) && url.hostname !== '' && url.pathname.length > 1;
  } catch {
    return false;
  }
}

/** The CLI needs only the database (the same variables, checked the same way). */
export function readDatabaseConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const DatabaseEnv = z.pick(EnvSchema, {
    LECTERN_DB: true,
    LECTERN_DATABASE_URL: true,
    LECTERN_DATABASE_POOL_SIZE: true,
  });
  const parsed = DatabaseEnv.safeParse(withoutEmptyStrings(env));
  if (!parsed.success)
    throw new ConfigError(
      `Invalid console configuration:\n  ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n  ')}`,
    );
  return databaseConfig({ ...parsed.data, LECTERN_DATABASE_POOL_SIZE: 2 });
}

/** Only the environment of the running process; everything else takes an explicit env. */
export const processEnv = (): NodeJS.ProcessEnv => process.env;

// `FOO=` in a shell or .env file means "unset", not "empty value".
function withoutEmptyStrings(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env))
    if (value !== undefined && value !== '') out[key] = value;
  return out;
}
