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
import type { Allowlist } from './proxy/allowlist.ts';
import type { ReadCoalescer } from './proxy/read-coalescer.ts';
import type { Relay } from './relay/relay-service.ts';
import type { AuditRepository } from './storage/audit-repository.ts';
import type { Coordination } from './storage/coordination.ts';
import type { ConsoleStore } from './storage/database.ts';
import type { RelayRepository } from './storage/relay-repository.ts';
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
  origins: OriginPolicy;
  sessions: SessionService;
  sessionCookie: SessionCookie;
  signIn: SignInService;
  roles: RolesService;
  /** Ends open event streams whose session is signed out or loses its role. */
  streamGuard: StreamGuard;
  audit: AuditRepository;
  /** Audit rows written before a call takes effect (see audit/audit-service.ts). */
  auditTrail: AuditTrail;
  relayRepository: RelayRepository;
  relay: Relay;
  demoAccounts: DemoAccount[] | null;
}
