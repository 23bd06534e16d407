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
  close(): Promise<void>;
}

export async function buildConsoleServer(
  config: ConsoleConfig,
  upstreamConfig: UpstreamConfig,
  options: ConsoleServerOptions = {},
): Promise<ConsoleServer> {
  const upstream = createUpstream(
    upstreamConfig,
    config.upstreamTimeoutMs,
    config.upstreamConnections,
  );
  const databaseSecrets = options.logSecrets ?? [];
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
  const services = await createServices(config, storage, upstream, log, {
    now: options.now ?? Date.now,
    random: options.random,
    demoAccounts: options.demoAccounts ?? null,
    origins,
    resolveHost: options.resolveHost,
  });
  const { app, deps } = await createHttpServer(
    config,
    services.deps,
    log,
    options.distDir ?? DEFAULT_DIST_DIR,
  );
  keepTidy(app, services, log);

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
      return url;
    },
    async close() {
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
      await upstream.close();
    },
  };
}

/**
 * Purges expired sessions and sign-in limits now and then, sweeps expired editor tabs; ends streams and
 * the relay at close.
 */
function keepTidy(app: FastifyInstance, { deps, signInLimiter }: Services, log: Logger): void {
  const purgeTimer = setInterval(() => {
    Promise.all([deps.sessions.purgeExpired(), signInLimiter.prune()]).catch((error: unknown) =>
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
  });
}
