// Builds the console server: storage and services (app-services.ts), then the HTTP server on top
// (app-http.ts). `buildConsoleServer(config, upstream)` is what main.ts and the tests call; listen()
// binds and joins the cluster's relay. Any number of servers built on one PostgreSQL database act as
// one console (see storage/coordination.ts).
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { DemoAccount } from '#contract/console/health.ts';
import { createHttpServer } from './app-http.ts';
import { createServices, openStorage, type Services } from './app-services.ts';
import type { ConsoleConfig, UpstreamConfig } from './config.ts';
import type { ConsoleDeps } from './deps.ts';
import { createLogger, type LogDestination } from './logger.ts';
import type { HostResolver } from './net/address-guard.ts';
import type { OriginPolicy } from './plugins/csrf.ts';
import type { RelayService } from './relay/relay-service.ts';
import type { Coordination } from './storage/coordination.ts';
import type { ConsoleStore } from './storage/database.ts';
import type { RelayRepository } from './storage/relay-repository.ts';
import { createUpstream } from './upstream/upstream-client.ts';
import { registerServiceMetrics, upstreamMetrics } from './app-metrics.ts';
import { createMetrics } from './metrics/metrics-registry.ts';

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist/console/', import.meta.url));

const PURGE_EVERY_MS = 10 * 60_000;

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
  /** Tests that drive the schedule runner themselves leave it off. */
  startSchedules?: boolean;
  /** How the URL guard resolves host names (tests: no name resolves here but their own). */
  resolveHost?: HostResolver;
}

export interface ConsoleServer {
  app: FastifyInstance;
  store: ConsoleStore;
  /** For tests: the store's relay tables and the cluster's notifications, below the services. */
  coordination: Coordination;
  relayRepository: RelayRepository;
  deps: ConsoleDeps;
  relay: RelayService;
  log: Logger;
  /**
   * Binds, accepts the bound origin when no public origin was configured, joins the relay; returns the
   * bound URL (http://host:port).
   */
  listen(): Promise<string>;
  /**
   * A graceful stop (SIGTERM): readiness turns 503, event streams end with a retry hint and the relay
   * lease is given up at once, no new connections are taken, requests in flight get up to
   * `LECTERN_SHUTDOWN_GRACE_S` to finish (then their connections are cut), then the database closes.
   * Resolves when everything is closed; calling it again returns the same promise.
   */
  shutdown(): Promise<void>;
  close(): Promise<void>;
}

export async function buildConsoleServer(
  config: ConsoleConfig,
  upstreamConfig: UpstreamConfig,
  options: ConsoleServerOptions = {},
): Promise<ConsoleServer> {
  // Series are collected only where they can be scraped (LECTERN_METRICS_TOKEN): otherwise a server
  // pays nothing for them. Services may still add theirs to the registry.
  const metricsOn = config.metricsToken !== null;
  const metrics = createMetrics({ processMetrics: metricsOn });
  const upstream = createUpstream(
    upstreamConfig,
    config.upstreamTimeoutMs,
    config.upstreamConnections,
    metricsOn ? upstreamMetrics(metrics) : undefined,
  );
  const databaseSecrets = options.logSecrets ?? [];
  for (const secret of [config.identityProvider?.clientSecret, config.metricsToken])
    if (secret) databaseSecrets.push(secret);
  const log =
    options.log ??
    createLogger(
      config.logLevel,
      () => [...upstream.secrets(), ...databaseSecrets],
      options.logDestination,
    );
  const storage = await openStorage(config, upstream, log);
  databaseSecrets.push(...storage.store.secrets);
  const origins: OriginPolicy = {
    allowed: new Set([
      ...(config.publicOrigin ? [config.publicOrigin] : []),
      ...config.extraOrigins,
    ]),
  };
  let boundUrl = '';
  let shuttingDown = false;
  let services: Services;
  try {
    services = await createServices(config, storage, upstream, log, {
      now: options.now ?? Date.now,
      random: options.random,
      demoAccounts: options.demoAccounts ?? null,
      origins,
      resolveHost: options.resolveHost,
      metrics,
      origin: () => config.publicOrigin ?? boundUrl,
      shuttingDown: () => shuttingDown,
    });
  } catch (error) {
    // A wrong identity provider (or a failed start-up grant): close what was opened, then stop.
    await storage.coordination.close();
    await storage.store.close();
    await upstream.close();
    throw error;
  }
  registerServiceMetrics(metrics, services, upstream);
  const { app, deps } = await createHttpServer(
    config,
    services.deps,
    log,
    options.distDir ?? DEFAULT_DIST_DIR,
  );
  keepTidy(app, services, log);

  // Set when the shutdown grace ran out and the calls still in flight were cut.
  let graceOver = false;
  async function close(): Promise<void> {
    await app.close();
    services.auditBacklog.stop();
    await services.auditBacklog
      .flush()
      .catch((error: unknown) =>
        log.error(
          { err: error, unwritten: services.auditBacklog.size },
          'audit rows lost at shutdown',
        ),
      );
    await storage.coordination.close();
    await storage.store.close();
    if (!graceOver) await upstream.close();
  }

  let stopping: Promise<void> | undefined;
  function shutdown(): Promise<void> {
    stopping ??= (async () => {
      shuttingDown = true;
      log.info({ graceMs: config.shutdownGraceMs }, 'shutting down: finishing requests in flight');
      // No new connection from now on. Fastify closes the listener only after the preClose hooks (ending
      // streams, giving leases up), which can take a while on a busy machine; meanwhile a new connection
      // was taken, then dropped as idle by the sweep below. (Its own close later finds the listener
      // closed, which it expects.)
      if (app.server.listening) app.server.close();
      // app.close(): preClose ends the event streams and gives the relay lease up (keepTidy), then the
      // server stops listening and waits for requests in flight; those still running at the grace's
      // end have their connections cut.
      const grace = setTimeout(() => {
        log.warn(
          'shutdown: requests still in flight after the grace period; closing their connections',
        );
        app.server.closeAllConnections();
        // Their calls to the instance too: closing the pool would wait for them.
        graceOver = true;
        void upstream.pool.destroy();
      }, config.shutdownGraceMs);
      grace.unref();
      // Node closes the connections idle when the listener closes, not those that become idle later
      // (a kept-alive connection whose request just finished): close them as they do.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      sweep.unref();
      try {
        await close();
      } finally {
        clearTimeout(grace);
        clearInterval(sweep);
      }
      log.info('shut down');
    })();
    return stopping;
  }

  return {
    app,
    ...storage,
    relayRepository: services.relayRepository,
    deps,
    relay: deps.relay,
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
      if (options.startRelay !== false) await deps.relay.start();
      boundUrl = url;
      if (options.startSchedules !== false) services.scheduleRunner.start();
      return url;
    },
    shutdown,
    close: () => (stopping ? stopping : close()),
  };
}

/**
 * Purges expired sessions and sign-in limits now and then, sweeps expired editor tabs; ends streams,
 * the relay and the schedule runner at close.
 */
function keepTidy(
  app: FastifyInstance,
  { deps, signInLimiter, scheduleRunner }: Services,
  log: Logger,
): void {
  const purgeTimer = setInterval(() => {
    Promise.all([
      deps.sessions.purgeExpired(),
      signInLimiter.prune(),
      deps.identityProvider?.purgeExpired(),
    ]).catch((error: unknown) =>
      log.warn({ err: error }, 'purging expired sessions and sign-in limits failed'),
    );
  }, PURGE_EVERY_MS);
  purgeTimer.unref();
  deps.presence.start();
  deps.live.start();
  // preClose, not onClose: the server waits for open connections, and SSE streams only end here.
  app.addHook('preClose', async () => {
    clearInterval(purgeTimer);
    deps.streamGuard.stop();
    deps.presence.stop();
    deps.live.stop();
    await deps.relay.stop();
    await deps.courseChecks.stop();
    await scheduleRunner.stop();
    // Changes answered but not yet recorded in the history are recorded now, not lost.
    await deps.historyCapture.flushNow();
  });
}
