// Demo accounts: one staff account per console role and ~40 learners, all able to sign in through
// GraphQL Login. Passwords are documented demo credentials (docs/sandbox.md), stored only as scrypt hashes.
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../lib/password.ts';
import { nowIso, type Db } from '../storage/database.ts';
import { createUserRepository } from '../storage/user-repository.ts';
import { FIRST_NAMES, LAST_NAMES } from '../feed/learner-names.ts';

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Console roles (src/server/auth/roles.ts) the console server grants these accounts in demo mode. */
export const DEMO_STAFF_ACCOUNTS = [
  {
    role: 'admin',
    email: 'admin@lectern.test',
    password: 'Admin!2345',
    firstName: 'Ada',
    lastName: 'Admin',
  },
  {
    role: 'contentManager',
    email: 'manager@lectern.test',
    password: 'Manager!2345',
    firstName: 'Max',
    lastName: 'Manager',
  },
  {
    role: 'support',
    email: 'support@lectern.test',
    password: 'Support!2345',
    firstName: 'Sam',
    lastName: 'Support',
  },
] as const satisfies readonly (DemoAccount & { role: string })[];

export const DEMO_LEARNER_PASSWORD = 'Learner!2345';
export const DEMO_LEARNER_COUNT = 40;

/** learner1@example.test ... learner40@example.test, all with DEMO_LEARNER_PASSWORD. */
export function demoLearners(count = DEMO_LEARNER_COUNT): DemoAccount[] {
  return Array.from({ length: count }, (_, i) => ({
    email: `learner${i + 1}@example.test`,
    password: DEMO_LEARNER_PASSWORD,
    firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
    lastName: LAST_NAMES[(i * 7) % LAST_NAMES.length]!,
  }));
}

/** Creates the accounts (skipping emails already taken); returns the ids of those created. */
export async function seedAccounts(
  db: Db,
  companyId: string,
  accounts: readonly DemoAccount[],
): Promise<string[]> {
  const users = createUserRepository(db);
  const fresh = accounts.filter((account) => !users.emailTaken(companyId, account.email));
  // Hashes run in parallel on libuv's thread pool; each account gets its own salt.
  const hashes = await Promise.all(fresh.map((account) => hashPassword(account.password)));
  const createdAt = nowIso();
  return db.transaction(() =>
    fresh.map((account, i) => {
      const id = randomUUID();
      users.insert({
        id,
        company_id: companyId,
        email: account.email,
        first_name: account.firstName,
        last_name: account.lastName,
        password_hash: hashes[i]!,
        created_at: createdAt,
      });
      return id;
    }),
  )();
}

export function seedDemoLearners(db: Db, companyId: string): Promise<string[]> {
  return seedAccounts(db, companyId, [...DEMO_STAFF_ACCOUNTS, ...demoLearners()]);
}
