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
import { registerSpa } from './plugins/spa.ts';
import { registerAuditRoutes } from './routes/audit-routes.ts';
import { enforceContract } from './routes/console-route.ts';
import { registerEventsRoutes } from './routes/events-routes.ts';
import { registerHealthRoutes } from './routes/health-routes.ts';
import { registerLiveRoutes } from './routes/live-routes.ts';
import { registerPresenceRoutes } from './routes/presence-routes.ts';
import { PROXY_PREFIX, proxiedPath, registerProxyRoutes } from './routes/proxy-routes.ts';
import { registerRolesRoutes } from './routes/roles-routes.ts';
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
    // Answers Fastify and Node give before any hook runs carry the security headers too.
    frameworkErrors: frameworkErrorResponder(securityHeaders),
    clientErrorHandler: clientErrorResponder(securityHeaders),
  });
  registerErrorHandler(app);
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
  registerPresenceRoutes(app, deps);
  registerLiveRoutes(app, deps);
  registerProxyRoutes(app, deps);
  await registerSpa(app, distDir);
  app.addHook('onReady', async () => allServed());
  return { app, deps };
}
