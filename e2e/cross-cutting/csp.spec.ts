// The console injects no inline styles: under the served `style-src 'self'` (no 'unsafe-inline') the
// whole flow, dialogs (Radix scroll lock) and toasts (sonner) included, raises no CSP violation.
import { DEMO_ACCOUNTS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

test('a strict style-src CSP reports no violation across sign-in, browser, dialogs and toasts', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `CSP ${Date.now()}`);
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  let served = '';
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document')
      served = response.headers()['content-security-policy'] ?? '';
  });

  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('list-count')).toBeVisible();
  expect(served).toContain("script-src 'self'");
  expect(served).toContain("style-src 'self'");
  expect(served).not.toContain('unsafe-inline');

  await page.goto(`/course-groups/${group!.groupId}`);
  await page.getByRole('button', { name: 'Archive group' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Archive group and its courses' })
    .click();
  await expect(page.getByText(`Archived “${group!.title}”`)).toBeVisible();
  await page.getByRole('button', { name: /Jobs/ }).click();
  await expect(page.getByRole('dialog', { name: 'Background jobs' })).toBeVisible();
  await page.keyboard.press('Escape');

  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(await page.locator('style').count()).toBe(0);
});
