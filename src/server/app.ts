// Builds the console server: storage, services, plugins (security headers first, then audit, session,
// CSRF), routes, and the event relay. `buildConsoleServer(config, upstream)` is what main.ts and the
// tests call; listen() binds and starts the relay.
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { registerAudit } from './audit/audit-service.ts';
import { createRolesService } from './auth/roles-service.ts';
import { createSessionService } from './auth/session-service.ts';
import { createSignInLimiter } from './auth/sign-in-limiter.ts';
import { createSignInService } from './auth/sign-in-service.ts';
import { createStreamGuard } from './auth/stream-guard.ts';
import type { ConsoleConfig, UpstreamConfig } from './config.ts';
import type { ConsoleDeps, DemoAccount } from './deps.ts';
import { registerErrorHandler } from './errors.ts';
import { createLogger, type LogDestination } from './logger.ts';
import type { OriginPolicy } from './plugins/csrf.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import {
  clientErrorResponder,
  frameworkErrorResponder,
  registerRequestPipeline,
} from './plugins/request-pipeline.ts';
import { computeSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessions } from './plugins/session.ts';
import { registerSpa } from './plugins/spa.ts';
import { createAllowlist } from './proxy/allowlist.ts';
import { createReadCoalescer } from './proxy/read-coalescer.ts';
import { createRelay, type Relay } from './relay/relay-service.ts';
import { registerAuditRoutes } from './routes/audit-routes.ts';
import { registerEventsRoutes } from './routes/events-routes.ts';
import { PROXY_PREFIX, proxiedPath, registerProxyRoutes } from './routes/proxy-routes.ts';
import { registerRolesRoutes } from './routes/roles-routes.ts';
import { registerSessionRoutes } from './routes/session-routes.ts';
import { createAuditRepo } from './storage/audit-repo.ts';
import { openConsoleDatabase, type Db } from './storage/database.ts';
import { createRelayRepo } from './storage/relay-repo.ts';
import { createRolesRepo } from './storage/roles-repo.ts';
import { createSessionsRepo } from './storage/sessions-repo.ts';
import { createUpstream } from './upstream/upstream-client.ts';

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist/console/', import.meta.url));

export interface ConsoleServerOptions {
  /** Demo staff of the embedded sandbox: granted their roles and listed on the sign-in page. */
  demoAccounts?: DemoAccount[];
  /** Where log lines go (after redaction); defaults to stdout. */
  logDestination?: LogDestination;
  /**
   * A logger made by createLogger that already scrubs this upstream's API key (main.ts shares one with
   * the embedded sandbox); by default the server makes its own.
   */
  log?: Logger;
  now?: () => number;
  random?: () => number;
  distDir?: string;
  /** Tests start the relay themselves when they want it. */
  startRelay?: boolean;
}

export interface ConsoleServer {
  app: FastifyInstance;
  db: Db;
  deps: ConsoleDeps;
  relay: Relay;
  log: Logger;
  /**
   * Binds, accepts the bound origin when no public origin was configured, starts the relay; returns the
   * bound URL (http://host:port).
   */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function buildConsoleServer(
  config: ConsoleConfig,
  upstreamConfig: UpstreamConfig,
  options: ConsoleServerOptions = {},
): Promise<ConsoleServer> {
  const now = options.now ?? Date.now;
  const https = config.publicOrigin?.startsWith('https:') ?? false;
  const upstream = createUpstream(upstreamConfig, config.upstreamTimeoutMs);
  const log =
    options.log ?? createLogger(config.logLevel, upstream.secrets, options.logDestination);
  const db = openConsoleDatabase(config.dbFile);

  const sessions = createSessionService(createSessionsRepo(db), { ...config.session, now });
  const roles = createRolesService(createRolesRepo(db), now);
  roles.bootstrap(config.admins, options.demoAccounts ?? []);
  const audit = createAuditRepo(db);
  const relayRepo = createRelayRepo(db);
  const relay = createRelay({
    upstream,
    repo: relayRepo,
    config: config.relay,
    now,
    log: log.child({ component: 'relay' }),
    random: options.random,
  });
  const origins: OriginPolicy = {
    allowed: new Set([
      ...(config.publicOrigin ? [config.publicOrigin] : []),
      ...config.extraOrigins,
    ]),
  };

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
    routerOptions: { ignoreTrailingSlash: false },
    // Open SSE streams are ended by the relay on close; idle keep-alive sockets are dropped.
    forceCloseConnections: 'idle',
    // Answers Fastify and Node give before any hook runs carry the security headers too.
    frameworkErrors: frameworkErrorResponder(securityHeaders),
    clientErrorHandler: clientErrorResponder(securityHeaders),
  });
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerAudit(app, audit, now);
  const sessionCookie = await registerSessions(app, sessions, https);
  const allowlist = createAllowlist();
  registerRequestPipeline(app, {
    securityHeaders,
    sessionCookie,
    origins,
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

  const deps: ConsoleDeps = {
    config,
    db,
    log,
    now,
    upstream,
    allowlist,
    reads: createReadCoalescer(upstream),
    origins,
    sessions,
    sessionCookie,
    signIn: createSignInService({
      upstream,
      sessions,
      roles,
      log: log.child({ component: 'sign-in' }),
      limiter: createSignInLimiter({ ...config.signIn, now }),
    }),
    roles,
    streamGuard: createStreamGuard({ sessions, roles }),
    audit,
    relayRepo,
    relay,
    demoAccounts: options.demoAccounts ?? null,
  };

  app.get('/api/health', async () => ({ ok: true }));
  registerSessionRoutes(app, deps);
  registerRolesRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerEventsRoutes(app, deps);
  registerProxyRoutes(app, deps);
  await registerSpa(app, options.distDir ?? DEFAULT_DIST_DIR);

  const purgeTimer = setInterval(() => sessions.purgeExpired(), 10 * 60_000);
  purgeTimer.unref();
  // preClose, not onClose: the server waits for open connections, and SSE streams only end here.
  app.addHook('preClose', async () => {
    clearInterval(purgeTimer);
    deps.streamGuard.stop();
    await relay.stop();
  });

  return {
    app,
    db,
    deps,
    relay,
    log,
    async listen() {
      await app.listen({ host: config.host, port: config.port });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      const host = config.host.includes(':') ? `[${config.host}]` : config.host;
      const url = `http://${host}:${port}`;
      if (!config.publicOrigin) {
        origins.allowed.add(url);
        if (config.host === '127.0.0.1' || config.host === '::1')
          origins.allowed.add(`http://localhost:${port}`);
      }
      if (options.startRelay !== false) relay.start();
      return url;
    },
    async close() {
      await app.close();
      await upstream.close();
      db.close();
    },
  };
}
