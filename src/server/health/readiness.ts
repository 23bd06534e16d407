// Whether this server can serve now, and why not: what /api/health reports (503 when not ready), so a
// load balancer stops sending work to a server that cannot do it. Not ready when the database cannot be
// used, when every upstream connection is busy and requests wait for one (the pool is saturated), or when
// every place for a proxied request body is taken. The process being alive is a separate question.
import type { Relay } from '../relay/relay-service.ts';
import type { BodyIntake, BodyIntakeStats } from '../proxy/body-intake.ts';
import type { ConsoleStore } from '../storage/database.ts';
import type { Upstream } from '../upstream/upstream-client.ts';

export interface UpstreamPoolReport {
  /** Connections the pool opens at most. */
  connections: number;
  /** Requests on a connection now. */
  busy: number;
  /** Requests waiting for a connection. */
  queued: number;
  saturated: boolean;
}

export interface HealthReport {
  ok: boolean;
  server: string;
  database: { engine: string; status: 'up' | 'down'; latencyMs: number | null };
  relay: ReturnType<Relay['leadership']>;
  auditBacklog: number;
  upstreamPool: UpstreamPoolReport;
  requestBodies: BodyIntakeStats;
}

export interface ReadinessDeps {
  serverName: string;
  store: ConsoleStore;
  upstream: Upstream;
  intake: BodyIntake;
  relay: Relay;
  auditBacklog: { size: number };
}

export function upstreamPoolReport(upstream: Upstream): UpstreamPoolReport {
  const stats = upstream.pool.stats;
  const full = stats.connected >= upstream.connections && stats.free === 0;
  return {
    connections: upstream.connections,
    busy: stats.running,
    queued: stats.queued,
    saturated: stats.queued > 0 || full,
  };
}

export function createReadiness(deps: ReadinessDeps) {
  return {
    async check(): Promise<HealthReport> {
      let database: HealthReport['database'];
      try {
        const latencyMs = await deps.store.ping();
        database = {
          engine: deps.store.engine,
          status: 'up',
          latencyMs: Math.round(latencyMs * 10) / 10,
        };
      } catch {
        database = { engine: deps.store.engine, status: 'down', latencyMs: null };
      }
      const upstreamPool = upstreamPoolReport(deps.upstream);
      const requestBodies = deps.intake.stats();
      return {
        ok: database.status === 'up' && !upstreamPool.saturated && !requestBodies.saturated,
        server: deps.serverName,
        database,
        relay: deps.relay.leadership(),
        auditBacklog: deps.auditBacklog.size,
        upstreamPool,
        requestBodies,
      };
    },
  };
}
export type Readiness = ReturnType<typeof createReadiness>;
