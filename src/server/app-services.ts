// The console server's storage and services, in dependency order: the store and the cluster's
// coordination, sessions and roles, the audit trail (closing what a previous run left pending), the
// relay, sign-in and its limits, the proxy's read collapsing. app.ts builds the HTTP server on top.
import type { Logger } from 'pino';
import type { DemoAccount } from '#contract/console/health.ts';
import { createAuditLogService } from './audit/audit-log-service.ts';
import { AuditBacklog, createAuditTrailService } from './audit/audit-trail-service.ts';
import { createRolesService } from './auth/roles-service.ts';
import { createSessionService } from './auth/session-service.ts';
import { createSignInLimiter, type SignInLimiter } from './auth/sign-in-limiter.ts';
import { createSignInService } from './auth/sign-in-service.ts';
import { createStreamGuard } from './auth/stream-guard.ts';
import type { ConsoleConfig } from './config.ts';
import type { ConsoleDeps } from './deps.ts';
import { createHealthService } from './health/health-service.ts';
import { createLiveService } from './live/live-service.ts';
import type { OriginPolicy } from './plugins/csrf.ts';
import { createAddressGuard, type HostResolver } from './net/address-guard.ts';
import { createAllowlist } from './proxy/allowlist.ts';
import { createAuditedForward } from './proxy/audited-forward.ts';
import { createPresenceService } from './presence/presence-service.ts';
import { createBodyIntake } from './proxy/body-intake.ts';
import { createReadCoalescer, type ReadCoalescer } from './proxy/read-coalescer.ts';
import { createRelayService } from './relay/relay-service.ts';
import { createAuditRepository } from './storage/audit-repository.ts';
import type { Coordination } from './storage/coordination.ts';
import { DatabaseStartError, openConsoleStore, type ConsoleStore } from './storage/database.ts';
import { createCoordination } from './storage/open-coordination.ts';
import { createPresenceRepository } from './storage/presence-repository.ts';
import { createRelayRepository, type RelayRepository } from './storage/relay-repository.ts';
import { createSessionsRepository } from './storage/sessions-repository.ts';
import { createSignInBucketsRepository } from './storage/sign-in-buckets-repository.ts';
import { createSignInFailuresRepository } from './storage/sign-in-failures-repository.ts';
import { upstreamPoolReport, type Upstream } from './upstream/upstream-client.ts';

export interface Storage {
  store: ConsoleStore;
  coordination: Coordination;
}

/** Opens the database and joins the cluster's notifications; closes what it opened when either fails. */
export async function openStorage(
  config: ConsoleConfig,
  upstream: Upstream,
  log: Logger,
): Promise<Storage> {
  let store: ConsoleStore;
  try {
    store = await openConsoleStore(config.database);
  } catch (error) {
    await upstream.close();
    throw error;
  }
  try {
    const coordination = await createCoordination(store, {
      serverName: config.serverName,
      log: log.child({ component: 'coordination' }),
      leaseCheckMs: config.relay.leaseCheckMs,
    });
    return { store, coordination };
  } catch (error) {
    await store.close();
    await upstream.close();
    throw new DatabaseStartError(
      `Cannot listen for notifications on the console database at ${store.location}: ${(error as Error).message}`,
    );
  }
}

export interface ServiceOptions {
  now: () => number;
  random?: () => number;
  demoAccounts: DemoAccount[] | null;
  origins: OriginPolicy;
  /** How the URL guard resolves host names (tests: no name resolves here but their own). */
  resolveHost?: HostResolver;
}

/** Everything routes receive but the session cookie, which the HTTP layer's session plugin makes. */
export type ServiceDeps = Omit<ConsoleDeps, 'sessionCookie'>;

export interface Services {
  deps: ServiceDeps;
  relayRepository: RelayRepository;
  auditBacklog: AuditBacklog;
  signInLimiter: SignInLimiter;
}

export async function createServices(
  config: ConsoleConfig,
  { store, coordination }: Storage,
  upstream: Upstream,
  log: Logger,
  options: ServiceOptions,
): Promise<Services> {
  const { now } = options;
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

  const auditRepository = createAuditRepository(store.db);
  const auditBacklog = new AuditBacklog(auditRepository, log);
  const auditTrail = createAuditTrailService(auditRepository, auditBacklog, {
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
  const relay = createRelayService({
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

  const reads = clusterReads(createReadCoalescer(upstream), coordination);
  const intake = createBodyIntake({
    perUser: config.requests.bodiesPerUser,
    total: config.requests.bodiesTotal,
    maxBytes: config.maxBodyBytes,
  });
  const addressGuard = createAddressGuard({
    allow: config.urlAllowlist,
    resolve: options.resolveHost,
  });
  const presence = createPresenceService({
    repo: createPresenceRepository(store.db, store.engine),
    coordination,
    config: config.presence,
    now,
    log: log.child({ component: 'presence' }),
  });
  const live = createLiveService({
    coordination,
    log: log.child({ component: 'live' }),
    keepAliveMs: config.relay.heartbeatMs,
  });
  live.addKind('presence', { channel: 'presence', load: (courseId) => presence.read(courseId) });

  const deps: ServiceDeps = {
    config,
    log,
    now,
    upstream,
    allowlist: createAllowlist(),
    reads,
    writes: createAuditedForward({ upstream, reads, auditTrail, intake, addressGuard }),
    intake,
    addressGuard,
    origins: options.origins,
    sessions,
    signIn: createSignInService({
      upstream,
      sessions,
      roles,
      log: log.child({ component: 'sign-in' }),
      limiter: signInLimiter,
    }),
    roles,
    streamGuard: createStreamGuard({ sessions }),
    auditTrail,
    auditLog: createAuditLogService(auditRepository, now),
    relay,
    health: createHealthService({
      serverName: config.serverName,
      engine: store.engine,
      ping: () => store.ping(),
      leadership: () => relay.leadership(),
      auditBacklog: () => auditBacklog.size,
      upstreamPool: () => upstreamPoolReport(upstream),
      requestBodies: () => intake.stats(),
    }),
    demoAccounts: options.demoAccounts,
    presence,
    live,
  };
  return { deps, relayRepository, auditBacklog, signInLimiter };
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
