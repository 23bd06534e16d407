// What routes receive: configuration and services, built once in app-services.ts. Routes reach storage
// only through these services (routes -> services -> storage, scripts/eslint/layer-boundaries.js).
import type { Logger } from 'pino';
import type { DemoAccount } from '#contract/console/health.ts';
import type { AlertsService } from './alerts/alerts-service.ts';
import type { AuditLogService } from './audit/audit-log-service.ts';
import type { AuditTrailService } from './audit/audit-trail-service.ts';
import type { RolesService } from './auth/roles-service.ts';
import type { SessionService } from './auth/session-service.ts';
import type { SignInService } from './auth/sign-in-service.ts';
import type { StreamGuard } from './auth/stream-guard.ts';
import type { CourseChecksService } from './checks/course-checks-service.ts';
import type { ConsoleConfig } from './config.ts';
import type { HealthService } from './health/health-service.ts';
import type { NamesService } from './names/names-service.ts';
import type { IdentityProviderService } from './auth/identity-provider-service.ts';
import type { Metrics } from './metrics/metrics-registry.ts';
import type { ChangeCapture } from './history/change-capture.ts';
import type { HistoryService } from './history/history-service.ts';
import type { LiveService } from './live/live-service.ts';
import type { OriginPolicy } from './plugins/csrf.ts';
import type { SessionCookie } from './plugins/session.ts';
import type { AddressGuard } from './net/address-guard.ts';
import type { Allowlist } from './proxy/allowlist.ts';
import type { AuditedForward } from './proxy/audited-forward.ts';
import type { PresenceService } from './presence/presence-service.ts';
import type { BodyIntake } from './proxy/body-intake.ts';
import type { ReadCoalescer } from './proxy/read-coalescer.ts';
import type { ScheduleService } from './publishing/schedule-service.ts';
import type { ReviewService } from './publishing/review-service.ts';
import type { RelayService } from './relay/relay-service.ts';
import type { Upstream } from './upstream/upstream-client.ts';
import type { SavedViewsService } from './views/saved-views-service.ts';

export interface ConsoleDeps {
  config: ConsoleConfig;
  log: Logger;
  now: () => number;
  /** The learning instance, for the proxy's forwarding. */
  upstream: Upstream;
  allowlist: Allowlist;
  /** Proxied reads, identical concurrent ones collapsed into one upstream call. */
  reads: ReadCoalescer;
  /** Proxied writes: body read whole, checked, recorded, forwarded (proxy/audited-forward.ts). */
  writes: AuditedForward;
  /** Proxied request bodies being received, bounded per user and in total. */
  intake: BodyIntake;
  /** Refuses URLs that lead to internal addresses (net/address-guard.ts). */
  addressGuard: AddressGuard;
  origins: OriginPolicy;
  sessions: SessionService;
  sessionCookie: SessionCookie;
  signIn: SignInService;
  roles: RolesService;
  /** Ends open event streams whose session is signed out or loses its role. */
  streamGuard: StreamGuard;
  /** Audit rows written before a call takes effect (see audit/audit-trail-service.ts). */
  auditTrail: AuditTrailService;
  auditLog: AuditLogService;
  relay: RelayService;
  health: HealthService;
  /** Titles of the courses, topics and learning paths events name, from the shared cache. */
  names: NamesService;
  /** Versions of every course Lectern changed (history/history-service.ts). */
  history: HistoryService;
  /** Content changes read before and after for the history (history/change-capture.ts). */
  historyCapture: ChangeCapture;
  demoAccounts: DemoAccount[] | null;
  savedViews: SavedViewsService;
  /** Alert rules, alerts, the bell's counts; its duties run on the relay's leader. */
  alerts: AlertsService;
  /** Checks of saved courses before publishing (issue 24). */
  courseChecks: CourseChecksService;
  /** Sign-in through OpenID Connect; null when no identity provider is configured. */
  identityProvider: IdentityProviderService | null;
  /** This server's Prometheus registry: services add their series here (metrics/metrics-registry.ts). */
  metrics: Metrics;
  /** Scheduled actions: create, list, cancel (publishing/schedule-service.ts). */
  schedules: ScheduleService;
  /** Publish requests: ask, list, approve, decline (publishing/review-service.ts). */
  reviews: ReviewService;
  /** Which tabs have which course open in the editor, and the edit leases. */
  presence: PresenceService;
  /** The console's live stream: topic states pushed to browsers (live/live-service.ts). */
  live: LiveService;
}
