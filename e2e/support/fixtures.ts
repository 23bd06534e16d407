// Test fixtures: a sandbox client, sign-in per role (through the console server's session API, the way
// the sign-in page does it) and an axe check.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { BASE_URL, DEMO_ACCOUNTS, type Role } from './env.ts';
import { SandboxClient } from './sandbox.ts';

interface Fixtures {
  sandbox: SandboxClient;
  /** Signs the page's browser context in as a demo staff member. */
  signInAs(role: Role): Promise<void>;
}

export const test = base.extend<Fixtures, { workerSandbox: SandboxClient }>({
  workerSandbox: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(new SandboxClient());
    },
    { scope: 'worker' },
  ],
  sandbox: async ({ workerSandbox }, use) => {
    await use(workerSandbox);
    // No test leaves faults behind for the next one.
    await workerSandbox.clearFaults();
  },
  signInAs: async ({ page }, use) => {
    await use(async (role) => {
      const account = DEMO_ACCOUNTS[role];
      const response = await page.request.post('/api/session', {
        data: { email: account.email, password: account.password },
        headers: { 'X-Lectern-Csrf': '1', origin: BASE_URL },
      });
      expect(response.status(), await response.text()).toBe(200);
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

/** No serious or critical axe violations on the page as it is at rest. */
export async function expectNoSeriousA11yViolations(page: Page, context: string): Promise<void> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
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
