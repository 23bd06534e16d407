// The console server's HTTP side: the Fastify instance, its plugins in order (error handler, JSON body,
// audit, session, then the request pipeline: security headers, no-store, session, CSRF), the routes of
// the console's own API (each registered from its contract endpoint, src/contract/console), the
// Content API proxy, and the SPA.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { CONSOLE_ENDPOINTS } from '#contract/console/index.ts';
import type { ServiceDeps } from './app-services.ts';
import type { ConsoleConfig } from './config.ts';
import type { ConsoleDeps } from './deps.ts';
import { registerAudit } from './plugins/audit.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { registerBodyTimeLimit, serverTimeouts } from './plugins/request-limits.ts';
import {
  clientErrorResponder,
  frameworkErrorResponder,
  registerRequestPipeline,
} from './plugins/request-pipeline.ts';
import { computeSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessions } from './plugins/session.ts';
import { registerShutdownGate } from './plugins/shutdown-gate.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerAlertsRoutes } from './routes/alerts-routes.ts';
import { registerAuditRoutes } from './routes/audit-routes.ts';
import { enforceContract } from './routes/console-route.ts';
import { registerCourseChecksRoutes } from './routes/course-checks-routes.ts';
import { registerEventsRoutes } from './routes/events-routes.ts';
import { registerHealthRoutes } from './routes/health-routes.ts';
import { registerNamesRoutes } from './routes/names-routes.ts';
import { registerLearnersRoutes } from './routes/learners-routes.ts';
import { registerIdentityProviderRoutes } from './routes/identity-provider-routes.ts';
import { registerMetricsRoutes } from './routes/metrics-routes.ts';
import { registerHttpMetrics } from './metrics/http-metrics.ts';
import { requestTarget } from './plugins/request-target.ts';
import { registerHistoryRoutes } from './routes/history-routes.ts';
import { registerLiveRoutes } from './routes/live-routes.ts';
import { registerPresenceRoutes } from './routes/presence-routes.ts';
import { PROXY_PREFIX, proxiedPath, registerProxyRoutes } from './routes/proxy-routes.ts';
import { registerRolesRoutes } from './routes/roles-routes.ts';
import { registerSavedViewsRoutes } from './routes/saved-views-routes.ts';
import { registerSchedulesRoutes } from './routes/schedules-routes.ts';
import { registerReviewsRoutes } from './routes/reviews-routes.ts';
import { registerSessionRoutes } from './routes/session-routes.ts';

export interface HttpServer {
  app: FastifyInstance;
  deps: ConsoleDeps;
}

export async function createHttpServer(
  config: ConsoleConfig,
  services: ServiceDeps,
  log: Logger,
  distDir: string,
): Promise<HttpServer> {
  const https = config.publicOrigin?.startsWith('https:') ?? false;
  const securityHeaders = await computeSecurityHeaders(https);
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    // No access log per request: state-changing calls are in the audit log, errors are logged.
    logController: new LogController({ disableRequestLogging: true }),
    // The few request-scoped log lines carry their own context; a pino child per request costs more.
    childLoggerFactory: (logger) => logger,
    // A number means "trust that many hops" (proxy-addr); fastify's types omit that form.
    trustProxy: config.trustProxy as boolean,
    bodyLimit: 1024 * 1024,
    // Header, body and request time limits, keep-alive (plugins/request-limits.ts).
    ...serverTimeouts(config.requests),
    routerOptions: { ignoreTrailingSlash: false },
    // Open SSE streams are ended by the relay on close; idle keep-alive sockets are dropped.
    forceCloseConnections: 'idle',
    // While stopping, a request that arrives on a kept-alive connection gets the console's own answer
    // (plugins/shutdown-gate.ts), not Fastify's bare 503.
    return503OnClosing: false,
    // Answers Fastify and Node give before any hook runs carry the security headers too.
    frameworkErrors: frameworkErrorResponder(securityHeaders),
    clientErrorHandler: clientErrorResponder(securityHeaders),
  });
  registerErrorHandler(app);
  registerShutdownGate(app, services.health.shuttingDown);
  if (config.metricsToken !== null)
    registerHttpMetrics(
      app,
      services.metrics,
      (method, url) => {
        const below = proxiedPath(requestTarget(url).path);
        const endpoint = below === undefined ? undefined : services.allowlist.match(method, below);
        return endpoint && `${PROXY_PREFIX}${endpoint.endpoint.path}`;
      },
      `${PROXY_PREFIX}/*`,
    );
  registerBodyTimeLimit(app, config.requests);
  registerJsonBodyParser(app);
  registerAudit(app, services.auditTrail);
  const sessionCookie = await registerSessions(app, services.sessions, https);
  const { allowlist } = services;
  registerRequestPipeline(app, {
    securityHeaders,
    sessionCookie,
    origins: services.origins,
    nameOperation: (method, path) => {
      const below = proxiedPath(path);
      if (below === undefined) return undefined;
      const endpoint = allowlist.match(method, below)?.endpoint;
      return (
        endpoint && {
          operation: endpoint.operationId,
          route: `${method} ${PROXY_PREFIX}${endpoint.path}`,
        }
      );
    },
  });

  const deps: ConsoleDeps = { ...services, sessionCookie };
  const allServed = enforceContract(app, CONSOLE_ENDPOINTS, PROXY_PREFIX);
  registerHealthRoutes(app, deps);
  registerSessionRoutes(app, deps);
  registerRolesRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerEventsRoutes(app, deps);
  registerSavedViewsRoutes(app, deps);
  registerAlertsRoutes(app, deps);
  registerNamesRoutes(app, deps);
  registerLearnersRoutes(app, deps);
  registerSchedulesRoutes(app, deps);
  registerReviewsRoutes(app, deps);
  registerPresenceRoutes(app, deps);
  registerLiveRoutes(app, deps);
  registerProxyRoutes(app, deps);
  registerCourseChecksRoutes(app, deps);
  registerIdentityProviderRoutes(app, deps);
  registerMetricsRoutes(app, deps);
  registerHistoryRoutes(app, deps);
  await registerSpa(app, distDir, {
    hasSession: (request) => sessionCookie.read(request) !== undefined,
  });
  app.addHook('onReady', async () => allServed());
  return { app, deps };
}
