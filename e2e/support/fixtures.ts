// Test fixtures. Each Playwright worker runs a console server and sandbox of its own (console-server.ts):
// `baseURL` points at it, so `page.goto('/x')` and `page.request` reach the worker's server, and
// `sandbox` talks to its sandbox. Sign-in per role goes through the console server's session API (the way
// the sign-in page does it) once per worker: later tests reuse the session's cookies while it is valid.
// See e2e/README.md.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Cookie, type Page } from '@playwright/test';
import { startConsoleCluster, type ConsoleCluster } from './console-cluster.ts';
import { startConsoleServer, type ConsoleServer } from './console-server.ts';
import { DEMO_ACCOUNTS, type Role } from './env.ts';
import { SandboxClient } from './sandbox.ts';

interface TestFixtures {
  sandbox: SandboxClient;
  /** Signs the page's browser context in as a demo staff member. */
  signInAs(role: Role): Promise<void>;
  /** What the console server asks of a state-changing call from a script (CSRF header and origin). */
  csrfHeaders: Record<string, string>;
}

interface WorkerFixtures {
  /** This worker's console server and embedded sandbox. */
  consoleServer: ConsoleServer;
  workerSandbox: SandboxClient;
  /** The sandbox's runtime settings before the worker's first test changed any. */
  sandboxSettingsAtStart: Record<string, unknown>;
  /** Session cookies per role, signed in once per worker. */
  staffSessions: Map<Role, Cookie[]>;
  /** Two console servers on one PostgreSQL (started on first use): cross-server specs. */
  consoleCluster: ConsoleCluster;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  consoleServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startConsoleServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  consoleCluster: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const cluster = await startConsoleCluster(workerInfo.parallelIndex);
      await use(cluster);
      await cluster.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ consoleServer }, use) => {
    await use(consoleServer.url);
  },
  workerSandbox: [
    async ({ consoleServer }, use) => {
      await use(new SandboxClient(consoleServer));
    },
    { scope: 'worker' },
  ],
  sandboxSettingsAtStart: [
    async ({ workerSandbox }, use) => {
      await use(await workerSandbox.currentSettings());
    },
    { scope: 'worker' },
  ],
  sandbox: async ({ workerSandbox, sandboxSettingsAtStart }, use) => {
    await use(workerSandbox);
    // No test leaves faults, a job delay or a rate limit behind for the next spec.
    await workerSandbox.restoreSettings(sandboxSettingsAtStart);
  },
  csrfHeaders: async ({ baseURL }, use) => {
    await use({ 'X-Lectern-Csrf': '1', origin: baseURL! });
  },
  staffSessions: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  signInAs: async ({ page, baseURL, csrfHeaders, staffSessions }, use) => {
    await use(async (role) => {
      const account = DEMO_ACCOUNTS[role];
      const cached = staffSessions.get(role);
      if (cached) {
        await page.context().addCookies(cached);
        // A test may have signed this session out: then sign in again.
        const check = await page.request.get('/api/session');
        if (check.status() === 200 && ((await check.json()) as { role: string }).role === role)
          return;
      }
      const response = await page.request.post('/api/session', {
        data: { email: account.email, password: account.password },
        headers: csrfHeaders,
      });
      expect(response.status(), await response.text()).toBe(200);
      staffSessions.set(role, await page.context().cookies(baseURL!));
    });
  },
});

export { expect };

/**
 * Resolves once no finite CSS animation or transition is running (a toast fading in, a dialog
 * opening). axe on a frame in the middle of a fade blends the text with what is behind it and reports
 * contrast nobody sees at rest: the bulk-progress check failed now and then on a toast at about 70 %
 * opacity. Looping spinners never finish and are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let round = 0; round < 20; round++) {
      // Two frames: an element inserted just now starts its transition on the next one (sonner).
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
        );
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * No serious or critical axe violations on the page as it is at rest. axe runs in the page itself
 * (legacy mode): the console has no frames, and the default mode's extra blank page to finish each run
 * in doubled the time of every check. Every rule still runs and every violation keeps all its nodes;
 * `resultTypes` only spares axe describing each passing node (selector, HTML, ancestry) for a report
 * nobody reads. Same page, same load, taking turns: 33 % less time per check (responsive.spec's pages
 * at 1440 px, load 17 to 22).
 */
export async function expectNoSeriousA11yViolations(page: Page, context: string): Promise<void> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.nodes.length}) ${v.help} — ${v.nodes[0]?.target}`);
  expect(serious, `axe on ${context}`).toEqual([]);
}

/** Requests the page sends to a Content API path (through the console server), for counting. */
export function recordApiCalls(page: Page, pattern: RegExp): { method: string; url: string }[] {
  const calls: { method: string; url: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v2/') && pattern.test(url.pathname)) {
      calls.push({ method: request.method(), url: url.pathname + url.search });
    }
  });
  return calls;
}
