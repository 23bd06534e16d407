// This server's health for load balancers and monitoring: whether it can serve now, and why not. Not ok
// (503) when the database cannot be used, when every upstream connection is busy and requests wait for
// one, or when every place for a proxied request body is taken; also its part in the relay and the audit
// rows waiting in memory for the database. The process being alive is a separate question.
import type {
  Health,
  RelayLeadership,
  RequestBodies,
  UpstreamPool,
} from '#contract/console/health.ts';
import type { Engine } from '../storage/schema.ts';

export interface HealthSources {
  serverName: string;
  engine: Engine;
  /** Round trip to the database in milliseconds; throws when it cannot be used. */
  ping(): Promise<number>;
  leadership(): RelayLeadership;
  auditBacklog(): number;
  upstreamPool(): UpstreamPool;
  requestBodies(): RequestBodies;
}

export function createHealthService(sources: HealthSources) {
  return {
    async check(): Promise<Health> {
      let database: Health['database'];
      try {
        const latencyMs = await sources.ping();
        database = {
          engine: sources.engine,
          status: 'up',
          latencyMs: Math.round(latencyMs * 10) / 10,
        };
      } catch {
        database = { engine: sources.engine, status: 'down', latencyMs: null };
      }
      const upstreamPool = sources.upstreamPool();
      const requestBodies = sources.requestBodies();
      return {
        ok: database.status === 'up' && !upstreamPool.saturated && !requestBodies.saturated,
        server: sources.serverName,
        database,
        relay: sources.leadership(),
        auditBacklog: sources.auditBacklog(),
        upstreamPool,
        requestBodies,
      };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
