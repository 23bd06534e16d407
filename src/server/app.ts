// Builds the console server: storage, services, plugins (security headers first, then audit, session,
// CSRF), routes, and the event relay. `buildConsoleServer(config, upstream)` is what main.ts and the
// tests call; listen() binds and joins the cluster's relay. Any number of servers built on one
// PostgreSQL database act as one console (see storage/coordination.ts).
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AuditBacklog, createAuditTrail, registerAudit } from './audit/audit-service.ts';
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
import { createReadCoalescer, type ReadCoalescer } from './proxy/read-coalescer.ts';
import { createRelay, type Relay } from './relay/relay-service.ts';
import { registerAuditRoutes } from './routes/audit-routes.ts';
import { registerEventsRoutes } from './routes/events-routes.ts';
import { PROXY_PREFIX, proxiedPath, registerProxyRoutes } from './routes/proxy-routes.ts';
import { registerRolesRoutes } from './routes/roles-routes.ts';
import { registerSessionRoutes } from './routes/session-routes.ts';
import { createAuditRepository } from './storage/audit-repository.ts';
import type { Coordination } from './storage/coordination.ts';
import { createCoordination } from './storage/open-coordination.ts';
import { DatabaseStartError, openConsoleStore, type ConsoleStore } from './storage/database.ts';
import { createRelayRepository } from './storage/relay-repository.ts';
import { createSessionsRepository } from './storage/sessions-repository.ts';
import { createSignInBucketsRepository } from './storage/sign-in-buckets-repository.ts';
import { createSignInFailuresRepository } from './storage/sign-in-failures-repository.ts';
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
  /** The list of secrets `log` scrubs besides the API key: the server adds the database password. */
  logSecrets?: string[];
  now?: () => number;
  random?: () => number;
  distDir?: string;
  /** Tests start the relay themselves when they want it. */
  startRelay?: boolean;
}

export interface ConsoleServer {
  app: FastifyInstance;
  store: ConsoleStore;
  deps: ConsoleDeps;
  relay: Relay;
  log: Logger;
  /**
   * Binds, accepts the bound origin when no public origin was configured, joins the relay; returns the
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
  const databaseSecrets = options.logSecrets ?? [];
  const log =
    options.log ??
    createLogger(
      config.logLevel,
      () => [...upstream.secrets(), ...databaseSecrets],
      options.logDestination,
    );
  let store: ConsoleStore;
  try {
    store = await openConsoleStore(config.database);
  } catch (error) {
    await upstream.close();
    throw error;
  }
  databaseSecrets.push(...store.secrets);
  let coordination: Coordination;
  try {
    coordination = await createCoordination(store, {
      serverName: config.serverName,
      log: log.child({ component: 'coordination' }),
      leaseCheckMs: config.relay.leaseCheckMs,
    });
  } catch (error) {
    await store.close();
    await upstream.close();
    throw new DatabaseStartError(
      `Cannot listen for notifications on the console database at ${store.location}: ${(error as Error).message}`,
    );
  }

  const sessions = createSessionService(createSessionsRepository(store.db), {
    ...config.session,
    now,
    coordination,
    log: log.child({ component: 'sessions' }),
  });
  const roles = createRolesService(store.db, store.engine, {
    now,
    onChange: (email) => sessions.roleChanged(email),
  });
  await roles.bootstrap(config.admins, options.demoAccounts ?? []);
  const audit = createAuditRepository(store.db);
  const auditBacklog = new AuditBacklog(audit, log as FastifyBaseLogger);
  const auditTrail = createAuditTrail(audit, auditBacklog, {
    now,
    serverName: config.serverName,
  });
  const abandoned = await auditTrail.abandonPending();
  if (abandoned > 0)
    log.warn(
      { calls: abandoned },
      'audit: calls this server recorded before it stopped were never answered; their outcome is unknown',
    );
  const relayRepository = createRelayRepository(store.db, store.engine);
  const relay = createRelay({
    upstream,
    repo: relayRepository,
    config: config.relay,
    now,
    log: log.child({ component: 'relay' }),
    coordination,
    random: options.random,
  });
  const signInLimiter = createSignInLimiter(
    {
      buckets: createSignInBucketsRepository(store.db, store.engine),
      failures: createSignInFailuresRepository(store.db, store.engine),
    },
    { ...config.signIn, now },
  );
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
  registerAudit(app, auditTrail);
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
    store,
    coordination,
    log,
    now,
    upstream,
    allowlist,
    reads: clusterReads(createReadCoalescer(upstream), coordination),
    origins,
    sessions,
    sessionCookie,
    signIn: createSignInService({
      upstream,
      sessions,
      roles,
      log: log.child({ component: 'sign-in' }),
      limiter: signInLimiter,
    }),
    roles,
    streamGuard: createStreamGuard({ sessions }),
    audit,
    auditTrail,
    relayRepository,
    relay,
    demoAccounts: options.demoAccounts ?? null,
  };

  // For load balancers and monitoring (no session needed): 503 while the database cannot be used.
  app.get('/api/health', async (_request, reply) => {
    let database;
    try {
      const latencyMs = await store.ping();
      database = { engine: store.engine, status: 'up', latencyMs: Math.round(latencyMs * 10) / 10 };
    } catch {
      database = { engine: store.engine, status: 'down', latencyMs: null };
    }
    const ok = database.status === 'up';
    return reply.code(ok ? 200 : 503).send({
      ok,
      server: config.serverName,
      database,
      relay: relay.leadership(),
      auditBacklog: auditBacklog.size,
    });
  });
  registerSessionRoutes(app, deps);
  registerRolesRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerEventsRoutes(app, deps);
  registerProxyRoutes(app, deps);
  await registerSpa(app, options.distDir ?? DEFAULT_DIST_DIR);

  const purgeTimer = setInterval(() => {
    Promise.all([sessions.purgeExpired(), signInLimiter.prune()]).catch((error: unknown) =>
      log.warn({ err: error }, 'purging expired sessions and sign-in limits failed'),
    );
  }, 10 * 60_000);
  purgeTimer.unref();
  // preClose, not onClose: the server waits for open connections, and SSE streams only end here.
  app.addHook('preClose', async () => {
    clearInterval(purgeTimer);
    deps.streamGuard.stop();
    await relay.stop();
  });

  return {
    app,
    store,
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
      if (options.startRelay !== false) await relay.start();
      return url;
    },
    async close() {
      await app.close();
      auditBacklog.stop();
      await auditBacklog
        .flush()
        .catch((error: unknown) =>
          log.error({ err: error, unwritten: auditBacklog.size }, 'audit rows lost at shutdown'),
        );
      await coordination.close();
      await store.close();
      await upstream.close();
    },
  };
}

/**
 * Read collapsing stays per server (a flight is an open upstream request in this process), but a write
 * through any server closes the flights of every server: a read that arrives after a write was sent
 * does not join a read sent before it, wherever each arrived (within the notification's delay).
 */
function clusterReads(local: ReadCoalescer, coordination: Coordination): ReadCoalescer {
  coordination.subscribe('writes', () => local.closeFlights());
  return {
    read: local.read,
    stats: local.stats,
    closeFlights: () => coordination.publish('writes', ''),
  };
}
