// What routes receive: configuration and services, built once in app-services.ts. Routes reach storage
// only through these services (routes -> services -> storage, scripts/eslint/layer-boundaries.js).
import type { Logger } from 'pino';
import type { DemoAccount } from '#contract/console/health.ts';
import type { AuditLogService } from './audit/audit-log-service.ts';
import type { AuditTrailService } from './audit/audit-trail-service.ts';
import type { RolesService } from './auth/roles-service.ts';
import type { SessionService } from './auth/session-service.ts';
import type { SignInService } from './auth/sign-in-service.ts';
import type { StreamGuard } from './auth/stream-guard.ts';
import type { ConsoleConfig } from './config.ts';
import type { HealthService } from './health/health-service.ts';
import type { LiveService } from './live/live-service.ts';
import type { OriginPolicy } from './plugins/csrf.ts';
import type { SessionCookie } from './plugins/session.ts';
import type { AddressGuard } from './net/address-guard.ts';
import type { Allowlist } from './proxy/allowlist.ts';
import type { AuditedForward } from './proxy/audited-forward.ts';
import type { PresenceService } from './presence/presence-service.ts';
import type { BodyIntake } from './proxy/body-intake.ts';
import type { ReadCoalescer } from './proxy/read-coalescer.ts';
import type { RelayService } from './relay/relay-service.ts';
import type { Upstream } from './upstream/upstream-client.ts';

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
  demoAccounts: DemoAccount[] | null;
  /** Which tabs have which course open in the editor, and the edit leases. */
  presence: PresenceService;
  /** The console's live stream: topic states pushed to browsers (live/live-service.ts). */
  live: LiveService;
}
