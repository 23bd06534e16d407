// The console server's own series (docs/operations/metrics.md): upstream calls, the relay, event
// streams, the audit backlog, sessions and the upstream pool. Request durations are the HTTP layer's
// (metrics/http-metrics.ts); services add their own through deps.metrics.
import type { Metrics } from './metrics/metrics-registry.ts';
import type { Services } from './app-services.ts';
import {
  upstreamPoolReport,
  type Upstream,
  type UpstreamObserver,
} from './upstream/upstream-client.ts';

/** Times and counts every call to the learning instance (made before the upstream, which takes it). */
export function upstreamMetrics(metrics: Metrics): UpstreamObserver {
  const duration = metrics.histogram(
    'lectern_upstream_request_duration_seconds',
    'Time until the learning instance answered (its headers), by operation and status (error: no answer).',
    ['operation', 'status'],
  );
  const throttled = metrics.counter(
    'lectern_upstream_throttled_total',
    'Answers 429 Too Many Requests from the learning instance, by operation.',
    ['operation'],
  );
  return (operation, startedAt, status) => {
    duration.observe({ operation, status: String(status) }, (performance.now() - startedAt) / 1000);
    if (status === 429) throttled.inc({ operation });
  };
}

export function registerServiceMetrics(
  metrics: Metrics,
  { deps, auditBacklog }: Services,
  upstream: Upstream,
): void {
  const { relay, sessions } = deps;
  metrics.gauge(
    'lectern_relay_leader',
    '1 while this server polls the event feed, else 0.',
    [],
    () => (relay.leadership().role === 'leader' ? 1 : 0),
  );
  metrics.gauge(
    'lectern_relay_lag_seconds',
    'Seconds since the last complete poll of each event kind succeeded (every server reports the shared state).',
    ['kind'],
    () =>
      relay
        .status()
        .kinds.filter((kind) => kind.lagMs !== null)
        .map((kind) => [{ kind: kind.kind }, kind.lagMs! / 1000] as const),
  );
  metrics.gauge(
    'lectern_relay_stored_events',
    'Events of each kind stored by the relay since the kind was first polled.',
    ['kind'],
    () => relay.status().kinds.map((kind) => [{ kind: kind.kind }, kind.storedTotal] as const),
  );
  metrics.gauge(
    'lectern_sse_streams_open',
    'Event streams open on this server.',
    [],
    () => relay.subscriberCount,
  );
  metrics.gauge(
    'lectern_audit_backlog_rows',
    "Audit rows waiting in this server's memory for the database to come back.",
    [],
    () => auditBacklog.size,
  );
  metrics.gauge(
    'lectern_sessions_active',
    'Sessions neither expired nor idle, on all servers (NaN while the database cannot be read).',
    [],
    () => sessions.countActive().catch(() => Number.NaN),
  );
  metrics.gauge(
    'lectern_upstream_pool_connections',
    'Connections to the learning instance: busy (a request on it) and queued (requests waiting for one).',
    ['state'],
    () => {
      const pool = upstreamPoolReport(upstream);
      return [
        [{ state: 'busy' }, pool.busy],
        [{ state: 'queued' }, pool.queued],
      ] as const;
    },
  );
}
