// One kept-alive connection pool to the learning instance. The API key lives in this closure only: it is
// added to outgoing requests and never exposed as a property that could be serialized or logged.
import { Pool } from 'undici';
import type { UpstreamPool } from '#contract/console/health.ts';
import { API_PREFIX } from '#contract/index.ts';
import type { UpstreamConfig } from '../config.ts';
import { ApiError, MESSAGES } from '../errors.ts';

export interface Upstream {
  pool: Pool;
  /** Full request path for a REST path relative to `/incoming/v2` (query string included as given). */
  restPath(pathAndQuery: string): string;
  /** The `Authorization` header value for REST calls. */
  authorization(): string;
  /** Request path of the GraphQL endpoint, `apiKey` included. */
  graphqlRequestPath(): string;
  timeoutMs: number;
  /** How many connections the pool opens at most. */
  connections: number;
  /** For redaction: every string that must never leave the server. */
  secrets(): string[];
  /**
   * Records one call for the metrics: which (a route template or `eventFeed`, `graphqlLogin`), when it
   * started (performance.now()), and the instance's status, or `error` when none came.
   */
  observe(operation: string, startedAt: number, status: number | 'error'): void;
  close(): Promise<void>;
}

export type UpstreamObserver = Upstream['observe'];

export function createUpstream(
  config: UpstreamConfig,
  timeoutMs: number,
  connections = 256,
  observe: UpstreamObserver = () => undefined,
): Upstream {
  const url = new URL(config.baseUrl);
  const basePath = url.pathname.replace(/\/+$/, '');
  const restPrefix = `${basePath}${API_PREFIX}`;
  const pool = new Pool(url.origin, {
    connections,
    pipelining: 1,
    // Shorter than most load balancers keep idle connections, so a reused socket is rarely stale.
    keepAliveTimeout: 4_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: Math.min(timeoutMs, 10_000),
  });
  const authorization = `Bearer ${config.apiKey}`;
  const graphql = `${basePath}${config.graphqlPath}?apiKey=${encodeURIComponent(config.apiKey)}`;
  const secrets = upstreamSecrets(config.apiKey);
  return {
    pool,
    restPath: (pathAndQuery) => restPrefix + pathAndQuery,
    authorization: () => authorization,
    graphqlRequestPath: () => graphql,
    timeoutMs,
    connections,
    secrets: () => secrets,
    observe,
    close: () => pool.close(),
  };
}

/** Every form of the API key that must never leave the server (for the log scrubber). */
export function upstreamSecrets(apiKey: string): string[] {
  return [apiKey, encodeURIComponent(apiKey)].filter(
    (value, index, all) => all.indexOf(value) === index,
  );
}

/** undici error codes that mean "no answer in time" (504) rather than "no connection" (502). */
export function isTimeoutError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return (
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'ETIMEDOUT'
  );
}

/** What the browser is told when the upstream gave no answer: 504 when it timed out, else 502. */
export function upstreamFailure(error: unknown): ApiError {
  return isTimeoutError(error)
    ? new ApiError(504, 'upstream_timeout', MESSAGES.upstreamTimeout)
    : new ApiError(502, 'upstream_unavailable', MESSAGES.upstreamUnavailable);
}

/** The pool's load for health: saturated when requests wait for a connection, or all are open and busy. */
export function upstreamPoolReport(upstream: Upstream): UpstreamPool {
  const stats = upstream.pool.stats;
  const full = stats.connected >= upstream.connections && stats.free === 0;
  return {
    connections: upstream.connections,
    busy: stats.running,
    queued: stats.queued,
    saturated: stats.queued > 0 || full,
  };
}
