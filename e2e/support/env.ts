// Where the e2e suite's servers run. Each Playwright worker starts a console server of its own (with the
// sandbox it embeds) on ports and a folder of its own (console-server.ts), so workers never share data.
// LECTERN_E2E_PORT is the first port of the suite's range; worker n takes the twelve ports from
// LECTERN_E2E_PORT + 12 n, so two suites side by side need ranges 12 x workers apart.
import { copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_STAFF, demoLearner, type StaffRole } from '../../test/helpers/demo-accounts.ts';

export const E2E_PORT = Number(process.env.LECTERN_E2E_PORT ?? 4410);
/** Workers of a run (`npx playwright test --workers=1` overrides it for one run). */
export const E2E_WORKERS = Number(process.env.LECTERN_E2E_WORKERS ?? 2);
const PORTS_PER_WORKER = 12;

export interface WorkerPorts {
  /** The console server. */
  console: number;
  /** The sandbox the console server embeds. */
  sandbox: number;
  /** The event monitor's own sandbox and console server (e2e/event-monitor/harness.ts). */
  monitorSandbox: number;
  monitorConsole: number;
  /** The alerts spec's webhook receiver (e2e/alerts). */
  alertWebhook: number;
  /** The course checks' local web server (e2e/course-checks/link-server.ts). */
  linkServer: number;
  /** The identity-provider spec's OpenID Provider and its own console server (e2e/auth). */
  identityProvider: number;
  identityProviderConsole: number;
  /** The two-server cluster's sandbox and console servers (console-cluster.ts). */
  clusterSandbox: number;
  clusterConsoles: readonly [number, number];
}

/** The ports of the worker with this `parallelIndex` (0 to workers - 1, reused when a worker restarts). */
export function workerPorts(parallelIndex: number): WorkerPorts {
  const first = E2E_PORT + PORTS_PER_WORKER * parallelIndex;
  return {
    console: first,
    sandbox: first + 1,
    monitorSandbox: first + 2,
    monitorConsole: first + 3,
    alertWebhook: first + 4,
    linkServer: first + 5,
    identityProvider: first + 6,
    identityProviderConsole: first + 7,
    clusterSandbox: first + 8,
    clusterConsoles: [first + 9, first + 10],
  };
}

const E2E_DIR = process.env.LECTERN_E2E_DIR ?? join(tmpdir(), `lectern-e2e-${E2E_PORT}`);

/** The worker's folder for databases: emptied when its console server starts. */
export function workerDataDir(parallelIndex: number): string {
  return join(E2E_DIR, `worker-${parallelIndex}`);
}

/** Where global-setup.ts writes the run's demo-seeded sandbox database. */
export const SEEDED_SANDBOX_DB = join(E2E_DIR, 'seeded-sandbox.db');

/**
 * Gives a demo sandbox about to start on `dbFile` a copy of the run's seeded database, so it does not
 * seed again. Only within a Playwright run (global-setup.ts names the file in the environment): a
 * bench using the event monitor's harness seeds its own.
 */
export function copySeededSandbox(dbFile: string): void {
  const seeded = process.env.LECTERN_E2E_SEEDED_DB;
  if (seeded) copyFileSync(seeded, dbFile);
}

export type Role = StaffRole;

const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  contentManager: 'Content manager',
  support: 'Support',
};

/** The demo staff accounts with the label the console shows for their role. */
export const DEMO_ACCOUNTS: Readonly<
  Record<Role, { email: string; password: string; label: string }>
> = {
  admin: { ...DEMO_STAFF.admin, label: ROLE_LABELS.admin },
  contentManager: { ...DEMO_STAFF.contentManager, label: ROLE_LABELS.contentManager },
  support: { ...DEMO_STAFF.support, label: ROLE_LABELS.support },
};

/** A demo learner: the instance accepts the sign-in, the console grants no role. */
export const LEARNER = demoLearner(1);
