import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  BASE_URL as baseURL,
  CHROMIUM_ARGS,
  E2E_DATA_DIR,
  E2E_PORT,
  E2E_SANDBOX_PORT,
} from './e2e/support/env.ts';

// Real browser (the Debian chromium at /usr/bin/chromium; never `npx playwright install`), real console
// server (`src/server/main.ts`, serving the dist/console build) and the real sandbox it embeds, on
// temporary databases. `npm run test:e2e` builds dist/console first.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Per port, so two suites running side by side do not trample each other's artifacts.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && mkdir -p "${E2E_DATA_DIR}" && exec npx tsx src/server/main.ts`,
    url: `${baseURL}/api/meta`,
    // A server left over from another run would have other databases: always start our own.
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      LECTERN_DB: join(E2E_DATA_DIR, 'console.db'),
      LECTERN_SANDBOX_DB: join(E2E_DATA_DIR, 'sandbox.db'),
      LECTERN_SANDBOX_PORT: String(E2E_SANDBOX_PORT),
      LECTERN_LOG: 'warn',
      // The suite signs in many times from one address. The per-email limit (4 unsuccessful attempts,
      // below the sandbox's lockout) stays as shipped: successful sign-ins clear it.
      LECTERN_SIGNIN_PER_ADDRESS: '10000',
    },
  },
});
