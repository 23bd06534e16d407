// The no-access page's sign-out loads after the page's first content (issue 27). Its code is held back
// here until the heading shows, to see the look-alike that keeps its place: nothing moves when the real
// button arrives, and it signs out. Screenshots of both states at 1440 and 390 px in the test's output
// folder.
import type { Route } from '@playwright/test';
import { LEARNER } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px sign-out holds its place until it loads, then signs out`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(LEARNER.email);
    await page.getByLabel('Password').fill(LEARNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/no-access$/);

    // A cold landing, sign-out's chunk held until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(/\/assets\/sign-out-button-[\w-]+\.js$/, async (route: Route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await page.goto('/no-access');
    const heading = page.getByRole('heading', { name: 'No access to this console' });
    await expect(heading).toBeVisible();
    const signOut = page.getByRole('button', { name: 'Sign out' });
    await expect(signOut).toHaveAttribute('aria-disabled', 'true');
    await expect.poll(() => held).toBeGreaterThan(0);
    const before = [await heading.boundingBox(), await signOut.boundingBox()];
    await page.screenshot({ path: testInfo.outputPath(`no-access-${width}-before.png`) });

    release();
    await expect(signOut).not.toHaveAttribute('aria-disabled');
    await page.screenshot({ path: testInfo.outputPath(`no-access-${width}-after.png`) });
    expect([await heading.boundingBox(), await signOut.boundingBox()]).toEqual(before);

    await signOut.click();
    await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  });
}
