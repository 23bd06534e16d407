// Learner login for GraphQL (spec 4.6): scrypt-verified passwords, one generic error for an unknown
// email and a wrong password (an unknown email is checked against a dummy hash, so both take the same
// time), a lockout after repeated failures, and random tokens stored only as SHA-256 hashes.
import { createHash, randomBytes } from 'node:crypto';
import { GRAPHQL_ERROR_CODES, GRAPHQL_MESSAGES } from '#contract/index.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import type { LearnerAccount, LearnerSessionRepository } from './learner-session-repository.ts';

export const LOGIN_LOCKOUT = { failures: 5, windowMs: 15 * 60_000 } as const;
export const LEARNER_TOKEN_TTL_MS = 24 * 60 * 60_000;

export class LoginError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface LoginSuccess {
  token: string;
  expiresAt: number;
  user: LearnerAccount;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const normalizeEmail = (email: string) => email.trim().toLowerCase();

export class LoginService {
  /** A real scrypt hash of a random password: checking against it costs what a real check costs. */
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly sessions: LearnerSessionRepository,
    private readonly now: () => number,
    private readonly tokenTtlMs = LEARNER_TOKEN_TTL_MS,
  ) {
    this.dummyHash = hashPassword(randomBytes(16).toString('base64url'));
  }

  /** The company whose secret key this is, or undefined (the entry point is keyed like the API). */
  companyForApiKey(apiKey: string): string | undefined {
    return this.sessions.companyForApiKey(apiKey);
  }

  async login(companyId: string, emailInput: string, password: string): Promise<LoginSuccess> {
    const email = normalizeEmail(emailInput);
    const now = this.now();
    const recent = this.sessions.failuresSince(companyId, email, now - LOGIN_LOCKOUT.windowMs);
    if (recent.failures >= LOGIN_LOCKOUT.failures) {
      const minutes = Math.ceil(((recent.latest ?? now) + LOGIN_LOCKOUT.windowMs - now) / 60_000);
      throw new LoginError(
        GRAPHQL_MESSAGES.tooManyAttempts(Math.max(1, minutes)),
        GRAPHQL_ERROR_CODES.tooManyAttempts,
      );
    }
    this.sessions.recordAttempt(companyId, email, now);
    const account = this.sessions.accountByEmail(companyId, email);
    // Unknown emails and accounts without a password cost a full scrypt check too.
    const stored = account?.passwordHash;
    const hash = stored?.startsWith('scrypt$') ? stored : await this.dummyHash;
    const valid = (await verifyPassword(password, hash)) && hash === stored;
    if (!account || !valid)
      throw new LoginError(
        GRAPHQL_MESSAGES.invalidCredentials,
        GRAPHQL_ERROR_CODES.invalidCredentials,
      );
    this.sessions.clearFailures(companyId, email);
    const token = randomBytes(32).toString('base64url');
    const issuedAt = this.now();
    const expiresAt = issuedAt + this.tokenTtlMs;
    this.sessions.saveToken(companyId, account.id, hashToken(token), issuedAt, expiresAt);
    return { token, expiresAt, user: account };
  }

  /** The learner a token identifies; throws UNAUTHENTICATED for a missing, unknown or expired one. */
  currentUser(companyId: string, token: string | undefined): LearnerAccount {
    const account =
      token && this.sessions.accountByTokenHash(companyId, hashToken(token), this.now());
    if (!account)
      throw new LoginError(GRAPHQL_MESSAGES.unauthenticated, GRAPHQL_ERROR_CODES.unauthenticated);
    return account;
  }

  logout(companyId: string, token: string | undefined): boolean {
    return token ? this.sessions.revokeToken(companyId, hashToken(token)) : false;
  }
}
