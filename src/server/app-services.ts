// The console server's storage and services, in dependency order: the store and the cluster's
// coordination, sessions and roles, the audit trail (closing what a previous run left pending), the
// relay, sign-in and its limits, the proxy's read collapsing. app.ts builds the HTTP server on top.
import type { Logger } from 'pino';
import type { DemoAccount } from '#contract/console/health.ts';
import { createAlertsService } from './alerts/alerts-service.ts';
import { createAuditLogService } from './audit/audit-log-service.ts';
import { AuditBacklog, createAuditTrailService } from './audit/audit-trail-service.ts';
import { createRolesService } from './auth/roles-service.ts';
import { createSessionService } from './auth/session-service.ts';
import { createSignInLimiter, type SignInLimiter } from './auth/sign-in-limiter.ts';
import { createSignInService } from './auth/sign-in-service.ts';
import { createStreamGuard } from './auth/stream-guard.ts';
import { createCourseChecksService } from './checks/course-checks-service.ts';
import { createLinkChecker } from './checks/link-checker.ts';
import type { ConsoleConfig } from './config.ts';
import type { ConsoleDeps } from './deps.ts';
import { createHealthService } from './health/health-service.ts';
import { createNamesService } from './names/names-service.ts';
import {
  createIdentityProviderService,
  discoverIdentityProvider,
} from './auth/identity-provider-service.ts';
import type { Metrics } from './metrics/metrics-registry.ts';
import { createSignInTransactionsRepository } from './storage/sign-in-transactions-repository.ts';
import { createChangeCapture } from './history/change-capture.ts';
import { createCourseReader } from './history/course-reads.ts';
import { createHistoryService } from './history/history-service.ts';
import { createLiveService } from './live/live-service.ts';
import type { OriginPolicy } from './plugins/csrf.ts';
import { createAddressGuard, type HostResolver } from './net/address-guard.ts';
import { createAllowlist } from './proxy/allowlist.ts';
import { createAuditedForward } from './proxy/audited-forward.ts';
import { createPresenceService } from './presence/presence-service.ts';
import { createBodyIntake } from './proxy/body-intake.ts';
import { createReadCoalescer, type ReadCoalescer } from './proxy/read-coalescer.ts';
import { createContentActions } from './publishing/content-actions.ts';
import { createScheduleRunner, type ScheduleRunner } from './publishing/schedule-runner.ts';
import { createScheduleService } from './publishing/schedule-service.ts';
import { createReviewService } from './publishing/review-service.ts';
import { createPublishRequestsRepository } from './storage/publish-requests-repository.ts';
import { createRelayService } from './relay/relay-service.ts';
import { createAlertsRepository } from './storage/alerts-repository.ts';
import { createAuditRepository } from './storage/audit-repository.ts';
import { createNameCacheRepository } from './storage/name-cache-repository.ts';
import { createCourseChecksRepository } from './storage/course-checks-repository.ts';
import { createHistoryRepository } from './storage/history-repository.ts';
import type { Coordination } from './storage/coordination.ts';
import { DatabaseStartError, openConsoleStore, type ConsoleStore } from './storage/database.ts';
import { createCoordination } from './storage/open-coordination.ts';
import { createPresenceRepository } from './storage/presence-repository.ts';
import { createRelayRepository, type RelayRepository } from './storage/relay-repository.ts';
import { createSavedViewsRepository } from './storage/saved-views-repository.ts';
import { createSchedulesRepository } from './storage/schedules-repository.ts';
import { createSessionsRepository } from './storage/sessions-repository.ts';
import { createSignInBucketsRepository } from './storage/sign-in-buckets-repository.ts';
import { createSignInFailuresRepository } from './storage/sign-in-failures-repository.ts';
import { upstreamPoolReport, type Upstream } from './upstream/upstream-client.ts';
import { createSavedViewsService } from './views/saved-views-service.ts';
import { createUpstreamReader } from './upstream/upstream-reader.ts';

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
  metrics: Metrics;
  /** The console's origin as browsers see it (known once the server listens). */
  origin: () => string;
  /** True from SIGTERM until the process exits. */
  shuttingDown: () => boolean;
}

/** Everything routes receive but the session cookie, which the HTTP layer's session plugin makes. */
export type ServiceDeps = Omit<ConsoleDeps, 'sessionCookie'>;

export interface Services {
  deps: ServiceDeps;
  relayRepository: RelayRepository;
  auditBacklog: AuditBacklog;
  signInLimiter: SignInLimiter;
  /** Runs scheduled actions on the schedules lease holder: started by listen(), stopped at close. */
  scheduleRunner: ScheduleRunner;
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

  const identityProvider = config.identityProvider
    ? createIdentityProviderService({
        config: config.identityProvider,
        provider: await discoverIdentityProvider(config.identityProvider),
        transactions: createSignInTransactionsRepository(store.db),
        sessions,
        roles,
        origin: options.origin,
        now,
        log: log.child({ component: 'identity-provider' }),
      })
    : null;

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
  // One names service for the console's /api/names and the alerts' texts: one cache, one bound.
  const names = createNamesService({
    repo: createNameCacheRepository(store.db, store.engine),
    reader: createUpstreamReader(upstream, {
      now,
      concurrency: config.names.concurrency,
      maxThrottleWaitMs: config.names.maxThrottleWaitMs,
    }),
    config: config.names,
    now,
    log: log.child({ component: 'names' }),
  });
  const alerts = createAlertsService({
    repo: createAlertsRepository(store.db, store.engine),
    addressGuard,
    config: config.alerts,
    now,
    random: options.random,
    log: log.child({ component: 'alerts' }),
    consoleOrigin: config.publicOrigin,
    serverName: config.serverName,
    names,
  });
  // Alert rules are evaluated, and webhooks sent, by the relay's leader only.
  for (const duty of alerts.duties) relay.whileLeading(duty);
  const history = createHistoryService(createHistoryRepository(store.db, store.engine), {
    serverName: config.serverName,
    log: log.child({ component: 'history' }),
  });
  const capture = createChangeCapture({
    reader: createCourseReader(upstream),
    history,
    log: log.child({ component: 'history' }),
    now,
    quietMs: config.historyQuietMs,
  });
  const contentActions = createContentActions({
    upstream,
    auditTrail,
    closeFlights: () => reads.closeFlights(),
    capture,
    log: log.child({ component: 'content-actions' }),
  });
  const scheduleRunner = createScheduleRunner({
    repo: createSchedulesRepository(store.db, store.engine),
    actions: contentActions,
    coordination,
    roleOf: async (email) => (await roles.find(email))?.role ?? null,
    now,
    log: log.child({ component: 'schedules' }),
    config: config.schedules,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    // The schedules leader also finishes approvals a stopped server left (`reviews` is made below).
    recoverAlso: () => reviews.recover(),
  });
  const schedules = createScheduleService({
    repo: createSchedulesRepository(store.db, store.engine),
    now,
    onChange: () => scheduleRunner.wake(),
  });

  const courseChecks = createCourseChecksService({
    upstream,
    repository: createCourseChecksRepository(store.db),
    links: createLinkChecker({
      dispatcher: addressGuard.dispatcher({ connections: config.linkCheck.concurrency }),
      ...config.linkCheck,
    }),
    now,
    log: log.child({ component: 'course-checks' }),
    serverName: config.serverName,
    reportTtlMs: config.linkCheck.cacheMs,
  });
  // A publish request carries the checks report of the course as saved when it is made (issue 24);
  // a check that takes longer than 20 s leaves the request without one rather than holding it.
  const reviews = createReviewService({
    repo: createPublishRequestsRepository(store.db),
    history,
    actions: contentActions,
    now,
    serverName: config.serverName,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    checksReport: (courseId) => courseChecks.reportFor(courseId, { maxWaitMs: 20_000 }),
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
    writes: createAuditedForward({ upstream, reads, auditTrail, intake, addressGuard, capture }),
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
    auditLog: createAuditLogService(auditRepository, now, () => auditBacklog.written()),
    relay,
    health: createHealthService({
      serverName: config.serverName,
      engine: store.engine,
      ping: () => store.ping(),
      leadership: () => relay.leadership(),
      auditBacklog: () => auditBacklog.size,
      upstreamPool: () => upstreamPoolReport(upstream),
      requestBodies: () => intake.stats(),
      shuttingDown: options.shuttingDown,
    }),
    names,
    history,
    historyCapture: capture,
    demoAccounts: options.demoAccounts,
    savedViews: createSavedViewsService(createSavedViewsRepository(store.db), now),
    alerts,
    courseChecks,
    identityProvider,
    metrics: options.metrics,
    schedules,
    reviews,
    presence,
    live,
  };
  return { deps, relayRepository, auditBacklog, signInLimiter, scheduleRunner };
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
