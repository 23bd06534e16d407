// GET /metrics: Prometheus text for scrapers, only when LECTERN_METRICS_TOKEN is set and only with
// `Authorization: Bearer <token>` (compared in constant time). Outside /api: it is not part of the
// console's API, and without this route the SPA's fallback would answer it with HTML.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ConsoleDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';

export const METRICS_PATH = '/metrics';

export function registerMetricsRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const token = deps.config.metricsToken;
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  app.get(METRICS_PATH, async (request, reply) => {
    if (!expected)
      throw new ApiError(
        404,
        'not_found',
        'Metrics are off on this console server: set LECTERN_METRICS_TOKEN to serve them.',
      );
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ApiError(
        401,
        'unauthenticated',
        'Metrics need the header Authorization: Bearer <LECTERN_METRICS_TOKEN>.',
        { 'www-authenticate': 'Bearer realm="lectern-metrics"' },
      );
    const { contentType, body } = await deps.metrics.render();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
