// This server's health for load balancers and monitoring: whether its database answers (and how fast),
// its part in the relay, and the audit rows waiting in memory for the database.
import type { Health, RelayLeadership } from '#contract/console/health.ts';
import type { Engine } from '../storage/schema.ts';

export interface HealthSources {
  serverName: string;
  engine: Engine;
  /** Round trip to the database in milliseconds; throws when it cannot be used. */
  ping(): Promise<number>;
  leadership(): RelayLeadership;
  auditBacklog(): number;
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
      return {
        ok: database.status === 'up',
        server: sources.serverName,
        database,
        relay: sources.leadership(),
        auditBacklog: sources.auditBacklog(),
      };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
