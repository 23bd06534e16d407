// Where the e2e console server and its embedded sandbox run (playwright.config.ts starts them).
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// LECTERN_E2E_PORT lets two suites run side by side on one machine (the sandbox takes the next port).
export const E2E_PORT = Number(process.env.LECTERN_E2E_PORT ?? 4410);
export const E2E_SANDBOX_PORT = E2E_PORT + 1;
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;
/** Emptied by the web server command before every run. */
export const E2E_DATA_DIR =
  process.env.LECTERN_E2E_DIR ?? join(tmpdir(), `lectern-e2e-${E2E_PORT}`);
export const SANDBOX_DB = join(E2E_DATA_DIR, 'sandbox.db');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@lectern.test', password: 'Admin!2345', label: 'Admin' },
  contentManager: {
    email: 'manager@lectern.test',
    password: 'Manager!2345',
    label: 'Content manager',
  },
  support: { email: 'support@lectern.test', password: 'Support!2345', label: 'Support' },
} as const;
export type Role = keyof typeof DEMO_ACCOUNTS;

/** A demo learner: the instance accepts the sign-in, the console grants no role. */
export const LEARNER = { email: 'learner1@example.com', password: 'Learner!2345' };
