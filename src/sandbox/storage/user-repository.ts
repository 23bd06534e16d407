// Learner accounts created through `/sandbox/users` (console staff sign in with one too).
import type { Db } from './database.ts';
import type { UserRow } from './records.ts';

export type UserColumns = Omit<UserRow, 'seq'>;

export function createUserRepository(db: Db) {
  const insert = db.prepare<[UserColumns]>(
    `INSERT INTO users (id, company_id, email, first_name, last_name, password_hash, created_at)
     VALUES (@id, @company_id, @email, @first_name, @last_name, @password_hash, @created_at)`,
  );
  const byEmail = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM users WHERE company_id = ? AND email = ?',
  );

  return {
    insert: (row: UserColumns) => void insert.run(row),
    /** Emails compare case-insensitively (the column is COLLATE NOCASE). */
    emailTaken: (companyId: string, email: string) => byEmail.get(companyId, email) !== undefined,
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
