// The demo accounts every test, e2e spec and benchmark signs in with. Their one source is the sandbox's
// demo seed (src/sandbox/seed/demo-learners.ts): this file only gives them names by role.
import {
  DEMO_LEARNER_PASSWORD,
  DEMO_STAFF_ACCOUNTS,
  demoLearners,
} from '../../src/sandbox/seed/demo-learners.ts';

export type StaffRole = (typeof DEMO_STAFF_ACCOUNTS)[number]['role'];

export interface Credentials {
  email: string;
  password: string;
}

function staff(role: StaffRole): Credentials {
  const account = DEMO_STAFF_ACCOUNTS.find((candidate) => candidate.role === role)!;
  return { email: account.email, password: account.password };
}

/** One demo staff account per console role (the console server grants these roles in demo mode). */
export const DEMO_STAFF: Readonly<Record<StaffRole, Credentials>> = {
  admin: staff('admin'),
  contentManager: staff('contentManager'),
  support: staff('support'),
};

/** Demo learner `n` (1 to 40): the instance accepts the sign-in; the console grants no role. */
export function demoLearner(n: number): Credentials {
  const learner = demoLearners()[n - 1];
  if (!learner) throw new Error(`The demo seed has no learner ${n}`);
  return { email: learner.email, password: DEMO_LEARNER_PASSWORD };
}
