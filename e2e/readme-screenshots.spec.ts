// README screenshots (docs/screenshots/*.png), taken against the demo sandbox. Not part of the normal
// run: `LECTERN_SCREENSHOTS=1 npx playwright test e2e/readme-screenshots.spec.ts`.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

test.skip(
  !process.env.LECTERN_SCREENSHOTS,
  'set LECTERN_SCREENSHOTS=1 to refresh README screenshots',
);
test.use({ viewport: { width: 1440, height: 900 } });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join('docs', 'screenshots', `${name}.png`), animations: 'disabled' });

test('README screenshots of the browser and the publish flow', async ({
  page,
  sandbox,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  await shot(page, 'sign-in');

  await signInAs('admin');
  await page.goto('/course-groups');
  await expect(page.getByTestId('list-count')).toBeVisible();
  for (const row of [1, 3, 4]) {
    await page.locator('.vtable__body [role="row"]').nth(row).getByRole('checkbox').check();
  }
  await shot(page, 'course-group-browser');

  const prefix = 'Spring onboarding';
  const groups = await sandbox.createGroups(8, prefix);
  await page.goto('/course-groups?q=Spring%20onboarding');
  await expect(page.getByTestId('list-count')).toHaveText(/Showing 8 of 8/);
  await page.getByRole('checkbox', { name: 'Select all loaded results' }).check();
  await page.getByRole('button', { name: 'Publish…', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'bulk-publish-confirm');
  await sandbox.faults([
    {
      route: `/content/${groups[5]!.courseId}/releaseContent`,
      method: 'PUT',
      status: 500,
      rate: 1,
    },
  ]);
  await page.getByRole('button', { name: 'Publish 8 groups' }).click();
  await expect(page.getByTestId('bulk-summary')).toHaveText('8 of 8 settled · 7 done · 1 failed');
  await page.waitForTimeout(300);
  await shot(page, 'bulk-publish-progress');
  await sandbox.clearFaults();
  await page.getByRole('button', { name: 'Retry 1 failed' }).click();
  await expect(page.getByTestId('bulk-summary')).toHaveText('8 of 8 settled · 8 done · 0 failed');
  await page.getByRole('button', { name: 'Close', exact: true }).click();

  const list = await sandbox.api<{ courseGroups: { id: string; courseCount: number }[] }>(
    'GET',
    '/courseGroups?perPage=50',
  );
  const rich = list.courseGroups.find((group) => group.courseCount >= 2)!;
  await page.goto(`/course-groups/${rich.id}`);
  await expect(page.getByRole('region', { name: 'Status' })).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'course-group-detail');
  await page.getByRole('button', { name: 'Archive group' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'archive-confirmation');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await sandbox.settings({ jobDelayMs: 4000 });
  await page.getByLabel('Image URL').fill('https://images.example.com/catalog/onboarding.png');
  await page.getByLabel('Alt text').fill('Onboarding cover');
  await page.getByRole('button', { name: 'Replace thumbnail' }).click();
  await page.getByRole('button', { name: /Jobs/ }).click();
  await expect(page.getByTestId('job-card')).toBeVisible();
  await shot(page, 'jobs-tray');
});
