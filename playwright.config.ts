import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support/chromium-flags.ts';
import { E2E_PORT, E2E_WORKERS } from './e2e/support/env.ts';

// Real browser (the Debian chromium at /usr/bin/chromium; never `npx playwright install`), real console
// server (`src/server/main.ts`, serving the dist/console build) and the real sandbox it embeds, on
// temporary databases. Each worker starts its own console server and sandbox on ports of its own (the
// `consoleServer` fixture of e2e/support/fixtures.ts, which also sets `baseURL`); there is no shared
// `webServer`. `npm run test:e2e` builds dist/console first. See e2e/README.md.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The demo seed, once per run: every sandbox with the demo seed starts from a copy of it.
  globalSetup: './e2e/support/global-setup.ts',
  // Per port, so two suites running side by side do not trample each other's artifacts.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  // Spec files are shared out among the workers; a file's tests run in order in one worker.
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: E2E_WORKERS,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    headless: true,
    // A failed test keeps its trace (the DOM at every step) and a screenshot of the end. The trace's
    // filmstrip of screenshots cost some 10 % of the suite's time in every test, passing or not.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
});
