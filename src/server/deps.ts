// What routes receive: configuration, services and repositories. Built once in app.ts.
import type { Logger } from 'pino';
import type { RolesService } from './auth/roles-service.ts';
import type { Role } from './auth/roles.ts';
import type { SessionService } from './auth/session-service.ts';
import type { SignInService } from './auth/sign-in-service.ts';
import type { AuditTrail } from './audit/audit-service.ts';
import type { StreamGuard } from './auth/stream-guard.ts';
import type { ConsoleConfig } from './config.ts';
import type { OriginPolicy } from './plugins/csrf.ts';
import type { SessionCookie } from './plugins/session.ts';
import type { AddressGuard } from './net/address-guard.ts';
import type { Allowlist } from './proxy/allowlist.ts';
import type { AuditedForward } from './proxy/audited-forward.ts';
import type { BodyIntake } from './proxy/body-intake.ts';
import type { ReadCoalescer } from './proxy/read-coalescer.ts';
import type { Relay } from './relay/relay-service.ts';
import type { AuditRepo } from './storage/audit-repo.ts';
import type { Coordination } from './storage/coordination.ts';
import type { ConsoleStore } from './storage/database.ts';
import type { RelayRepo } from './storage/relay-repo.ts';
import type { Upstream } from './upstream/upstream-client.ts';

/** Demo staff of the embedded sandbox (public demo credentials, shown on the sign-in page). */
export interface DemoAccount {
  email: string;
  password: string;
  role: Role;
}

export interface ConsoleDeps {
  config: ConsoleConfig;
  store: ConsoleStore;
  coordination: Coordination;
  log: Logger;
  now: () => number;
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
  audit: AuditRepo;
  /** Audit rows written before a call takes effect (see audit/audit-service.ts). */
  auditTrail: AuditTrail;
  relayRepo: RelayRepo;
  relay: Relay;
  demoAccounts: DemoAccount[] | null;
}
