// From SIGTERM until exit the listener is closed, but a kept-alive connection may still bring a new
// request. It gets `503 shutting_down` with `Connection: close` (the client retries and the balancer
// sends it elsewhere); the health probes still answer, so readiness says why it is off. Requests that
// were in flight when the stop began are not touched: they finish within the grace.
import type { FastifyInstance } from 'fastify';
import { getLiveness, getReadiness } from '#contract/console/health.ts';
import { ApiError } from '../errors.ts';

const PROBES = new Set<string>([getLiveness.path, getReadiness.path]);

export function registerShutdownGate(app: FastifyInstance, shuttingDown: () => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!shuttingDown()) return;
    reply.header('connection', 'close');
    if (PROBES.has(request.routeOptions.url ?? '')) return;
    throw new ApiError(
      503,
      'shutting_down',
      'This console server is stopping. Try again: another server will answer.',
      { 'retry-after': '1' },
    );
  });
}
