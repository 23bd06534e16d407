// Request durations by route template and status (`lectern_http_request_duration_seconds`). The route
// label is the template the router matched, written as the contract does (`/api/roles/{email}`), for the Content API proxy the
// allowlisted endpoint's (`/api/v2/content/course/:id`), `unmatched` for anything else: never a raw
// URL, so the series stay few. Event streams are left out (they last as long as the page is open).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics-registry.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The route template this request counts under in the metrics. */
    routeLabel: string;
  }
}

/** The template a request counts under (the proxy's upstream calls are labelled with it too). */
export const routeLabelOf = (request: FastifyRequest): string => request.routeLabel || 'unmatched';

export function registerHttpMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  /** The allowlisted template of a proxied call (`/api/v2/...`), or undefined. */
  proxyTemplate: (method: string, url: string) => string | undefined,
  proxyRoute: string,
): void {
  const duration = metrics.histogram(
    'lectern_http_request_duration_seconds',
    'Time from the request to the end of its answer, by method, route template and status (aborted: the client left first).',
    ['method', 'route', 'status'],
  );
  app.decorateRequest('routeLabel', '');
  app.addHook('onRequest', (request, reply, done) => {
    const startedAt = performance.now();
    const template = request.routeOptions.url;
    request.routeLabel =
      template === undefined
        ? 'unmatched'
        : template === proxyRoute
          ? (proxyTemplate(request.method, request.url) ?? 'unmatched')
          : template.replace(/:(\w+)/g, '{$1}');
    const res = reply.raw;
    res.once('close', () => {
      if (String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
      duration.observe(
        {
          method: request.method,
          route: request.routeLabel,
          status: res.writableFinished ? String(res.statusCode) : 'aborted',
        },
        (performance.now() - startedAt) / 1000,
      );
    });
    done();
  });
}
