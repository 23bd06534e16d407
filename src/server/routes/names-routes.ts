// Titles for the ids events carry, for every event view. Every role may ask: anyone who sees an event
// may read the names it points at.
import type { FastifyInstance } from 'fastify';
import { resolveNames } from '#contract/console/names.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';

export function registerNamesRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);
  route(resolveNames, { handler: ({ query }) => deps.names.resolve(query) });
}
