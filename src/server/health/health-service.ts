// This server's health for load balancers and monitoring: whether it can serve now, and why not. Not ok
// (503) when the database cannot be used, when every upstream connection is busy and requests wait for
// one, or when every place for a proxied request body is taken; also its part in the relay and the audit
// rows waiting in memory for the database. The process being alive is a separate question.
import type {
  Health,
  Readiness,
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
  /** True from SIGTERM until the process exits. */
  shuttingDown(): boolean;
}

export function createHealthService(sources: HealthSources) {
  const service = {
    /** From SIGTERM until the process exits. */
    shuttingDown: () => sources.shuttingDown(),
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
    /** Whether the balancer should send this server new requests, and why not. */
    async ready(): Promise<Readiness> {
      const reasons: string[] = [];
      if (sources.shuttingDown())
        reasons.push(
          'This server is shutting down: it finishes the requests it has and takes no more.',
        );
      const health = await service.check();
      if (health.database.status === 'down')
        reasons.push("The console's database cannot be reached.");
      if (health.upstreamPool.saturated)
        reasons.push(
          'Every connection to the learning instance is busy and requests wait for one.',
        );
      if (health.requestBodies.saturated)
        reasons.push('Every place for a request body being received is taken.');
      return { ready: reasons.length === 0, server: sources.serverName, reasons };
    },
  };
  return service;
}
export type HealthService = ReturnType<typeof createHealthService>;
