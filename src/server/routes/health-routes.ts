// What anyone may ask without a session: this server's health and the sign-in page's public facts.
import type { FastifyInstance } from 'fastify';
import {
  CSRF_HEADER,
  getHealth,
  getLiveness,
  getMeta,
  getReadiness,
} from '#contract/console/health.ts';
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
      signIn: {
        instance: deps.config.instanceLogin,
        identityProvider: deps.identityProvider
          ? { name: deps.identityProvider.name, signOutUrl: deps.identityProvider.endSessionUrl() }
          : null,
      },
    }),
  });

  route(getLiveness, {
    handler: async () => ({ alive: true as const, server: deps.config.serverName }),
  });

  // For the balancer: 503 from SIGTERM until exit, and while this server cannot serve.
  route(getReadiness, {
    handler: async ({ reply }) => {
      const readiness = await deps.health.ready();
      reply.code(readiness.ready ? 200 : 503);
      return readiness;
    },
  });
}
