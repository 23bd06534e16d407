// README screenshots (docs/screenshots/*.png), taken against the demo sandbox. Not part of the normal
// run: `LECTERN_SCREENSHOTS=1 npx playwright test e2e/cross-cutting/readme-screenshots.spec.ts`.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

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

  // A selection holding a deleted, an archived and a published group: the confirmation lists each
  // with its status and the reason it is not sent.
  const prefix = 'Spring onboarding';
  const groups = await sandbox.createGroups(6, prefix);
  const [live] = await sandbox.createGroups(1, `${prefix} (live)`, { status: 'published' });
  sandbox.markCourseDeleted(groups[0]!.courseId);
  await sandbox.archiveGroup(groups[1]!.groupId);
  await page.goto('/course-groups?q=Spring%20onboarding');
  await expect(page.getByTestId('list-count')).toHaveText(/Showing 7 of 7/);
  await page.getByRole('checkbox', { name: 'Select all loaded results' }).check();
  await page.getByRole('button', { name: 'Publish…', exact: true }).click();
  await expect(page.getByTestId('plan-group')).toHaveCount(7);
  await page.waitForTimeout(300);
  await shot(page, 'bulk-publish-confirm');
  await sandbox.faults([
    {
      route: `/content/${groups[4]!.courseId}/releaseContent`,
      method: 'PUT',
      status: 500,
      rate: 1,
    },
  ]);
  await page.getByRole('button', { name: 'Publish 4 courses' }).click();
  await expect(page.getByTestId('bulk-summary')).toHaveText(
    '7 of 7 settled · 3 done · 1 failed · 3 skipped',
  );
  await page.waitForTimeout(300);
  await shot(page, 'bulk-publish-progress');
  await sandbox.clearFaults();
  await page.getByRole('button', { name: 'Retry 1 failed' }).click();
  await expect(page.getByTestId('bulk-summary')).toHaveText(
    '7 of 7 settled · 4 done · 0 failed · 3 skipped',
  );
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  expect(live).toBeDefined();

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
  await page.getByLabel('Image URL').fill('https://images.example.test/catalog/onboarding.png');
  await page.getByLabel('Alt text').fill('Onboarding cover');
  await page.getByRole('button', { name: 'Replace thumbnail' }).click();
  await page.getByRole('button', { name: /Jobs/ }).click();
  await expect(page.getByTestId('job-card')).toBeVisible();
  await shot(page, 'jobs-tray');
  await page.keyboard.press('Escape');

  // On a phone: the list as stacked rows, and a group page; the header's menu holds the navigation.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/course-groups');
  await expect(page.getByTestId('list-count')).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'phone-course-groups');
  await page.goto(`/course-groups/${rich.id}`);
  await expect(page.getByRole('region', { name: 'Status' })).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'phone-group-page');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.waitForTimeout(200);
  await shot(page, 'phone-menu');
});
