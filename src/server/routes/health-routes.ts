// What anyone may ask without a session: this server's health and the sign-in page's public facts.
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, getHealth, getMeta } from '#contract/console/health.ts';
import { ROLE_DESCRIPTIONS } from '#contract/console/roles.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';

export function registerHealthRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  // For load balancers and monitoring: 503 while this server cannot serve (health/health-service.ts).
  route(getHealth, {
    handler: async ({ reply }) => {
      const health = await deps.health.check();
      reply.code(health.ok ? 200 : 503);
      return health;
    },
  });

  route(getMeta, {
    handler: async () => ({
      mode: deps.demoAccounts ? 'demo' : 'upstream',
      csrfHeader: CSRF_HEADER,
      roles: ROLE_DESCRIPTIONS,
      demoAccounts: deps.demoAccounts,
    }),
  });
}
