// Storage behind GraphQL Login: learners by email, hashed learner tokens, and recent failed logins.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../storage/database.ts';

export interface LearnerAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

const ACCOUNT_COLUMNS =
  'u.id, u.email, u.first_name AS firstName, u.last_name AS lastName, u.password_hash AS passwordHash';

export class LearnerSessionRepository {
  private readonly s: {
    byEmail: Statement<[string, string], LearnerAccount>;
    byToken: Statement<[string, string, number], LearnerAccount>;
    insertToken: Statement<[string, string, string, number, number]>;
    deleteToken: Statement<[string, string]>;
    deleteExpired: Statement<[string, number]>;
    failuresSince: Statement<[string, string, number], { failures: number; latest: number | null }>;
    insertFailure: Statement<[string, string, number]>;
    clearFailures: Statement<[string, string]>;
    companyByKey: Statement<[string], { id: string; api_access_enabled: number }>;
  };

  constructor(db: Db) {
    this.s = {
      byEmail: db.prepare(
        `SELECT ${ACCOUNT_COLUMNS} FROM users u WHERE u.company_id = ? AND u.email = ?`,
      ),
      byToken: db.prepare(
        `SELECT ${ACCOUNT_COLUMNS} FROM learner_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.token_hash = ? AND t.company_id = ? AND t.expires_at > ?`,
      ),
      insertToken: db.prepare(
        'INSERT INTO learner_tokens (token_hash, company_id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      ),
      deleteToken: db.prepare('DELETE FROM learner_tokens WHERE token_hash = ? AND company_id = ?'),
      deleteExpired: db.prepare('DELETE FROM learner_tokens WHERE user_id = ? AND expires_at <= ?'),
      failuresSince: db.prepare(
        `SELECT COUNT(*) AS failures, MAX(failed_at) AS latest FROM login_failures
         WHERE company_id = ? AND email = ? AND failed_at > ?`,
      ),
      insertFailure: db.prepare(
        'INSERT INTO login_failures (company_id, email, failed_at) VALUES (?, ?, ?)',
      ),
      clearFailures: db.prepare('DELETE FROM login_failures WHERE company_id = ? AND email = ?'),
      companyByKey: db.prepare('SELECT id, api_access_enabled FROM companies WHERE secret_key = ?'),
    };
  }

  /** The company a GraphQL `apiKey` identifies, when API access is enabled for it. */
  companyForApiKey(apiKey: string): string | undefined {
    const company = this.s.companyByKey.get(apiKey);
    return company?.api_access_enabled ? company.id : undefined;
  }

  accountByEmail(companyId: string, email: string): LearnerAccount | undefined {
    return this.s.byEmail.get(companyId, email);
  }

  accountByTokenHash(
    companyId: string,
    tokenHash: string,
    now: number,
  ): LearnerAccount | undefined {
    return this.s.byToken.get(tokenHash, companyId, now);
  }

  saveToken(companyId: string, userId: string, tokenHash: string, now: number, expiresAt: number) {
    this.s.deleteExpired.run(userId, now);
    this.s.insertToken.run(tokenHash, companyId, userId, now, expiresAt);
  }

  revokeToken(companyId: string, tokenHash: string): boolean {
    return this.s.deleteToken.run(tokenHash, companyId).changes > 0;
  }

  failuresSince(companyId: string, email: string, since: number) {
    return this.s.failuresSince.get(companyId, email, since) ?? { failures: 0, latest: null };
  }

  /** Recorded as a failure before the password is checked, so parallel guesses count too. */
  recordAttempt(companyId: string, email: string, now: number): void {
    this.s.insertFailure.run(companyId, email, now);
  }

  clearFailures(companyId: string, email: string): void {
    this.s.clearFailures.run(companyId, email);
  }
}
