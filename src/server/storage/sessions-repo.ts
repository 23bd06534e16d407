// Server-side sessions, keyed by the SHA-256 of the cookie value. The role is joined in on every read,
// so a revoked or changed role takes effect on the next request.
import type { Role } from '../auth/roles.ts';
import type { Db } from './database.ts';

export interface SessionRecord {
  idHash: string;
  email: string;
  userId: string;
  firstName: string;
  lastName: string;
  learnerToken: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  role: Role | null;
}

interface SessionRow {
  id_hash: string;
  email: string;
  user_id: string;
  first_name: string;
  last_name: string;
  learner_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  role: Role | null;
}

export function createSessionsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO sessions (id_hash, email, user_id, first_name, last_name, learner_token, created_at, last_seen_at, expires_at)
     VALUES (@idHash, @email, @userId, @firstName, @lastName, @learnerToken, @createdAt, @lastSeenAt, @expiresAt)`,
  );
  const find = db.prepare<[string], SessionRow>(
    `SELECT s.*, r.role FROM sessions s LEFT JOIN roles r ON r.email = s.email WHERE s.id_hash = ?`,
  );
  const touch = db.prepare<[number, string]>(
    'UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM sessions WHERE id_hash = ?');
  const removeForEmail = db.prepare<[string]>('DELETE FROM sessions WHERE email = ?');
  const removeExpired = db.prepare<[number, number]>(
    'DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?',
  );

  return {
    insert(record: Omit<SessionRecord, 'role'>) {
      insert.run(record);
    },
    find(idHash: string): SessionRecord | undefined {
      const row = find.get(idHash);
      if (!row) return undefined;
      return {
        idHash: row.id_hash,
        email: row.email,
        userId: row.user_id,
        firstName: row.first_name,
        lastName: row.last_name,
        learnerToken: row.learner_token,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        expiresAt: row.expires_at,
        role: row.role,
      };
    },
    touch: (idHash: string, at: number) => void touch.run(at, idHash),
    remove: (idHash: string): boolean => remove.run(idHash).changes > 0,
    removeForEmail: (email: string): number => removeForEmail.run(email).changes,
    removeExpired: (now: number, idleCutoff: number): number =>
      removeExpired.run(now, idleCutoff).changes,
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
