// The jobs tray: a background job queued by an update is followed until it ends, its uploads and result
// are shown, and it survives a reload.
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures.ts';

test.beforeEach(async ({ signInAs, sandbox }) => {
  await signInAs('contentManager');
  await sandbox.settings({ jobDelayMs: 1500 });
});

test('a thumbnail upload is tracked from queued to completed and survives a reload', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `Thumbnail ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}`);
  const form = page.getByRole('region', { name: 'Catalog thumbnail' });
  await form.getByLabel('Image URL').fill('https://images.example.com/catalog/thumb.png');
  await form.getByLabel('Alt text').fill('A lectern');
  await form.getByRole('button', { name: 'Replace thumbnail' }).click();
  await expect(
    page.getByText(/Thumbnail queued: background job \S+ is in the jobs tray/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Jobs/ })).toContainText('1');

  await page.getByRole('button', { name: /Jobs/ }).click();
  const tray = page.getByRole('dialog', { name: 'Background jobs' });
  const card = tray.getByTestId('job-card');
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-status', /queued|processing/);
  await expect(card).toContainText('image');
  await expectNoSeriousA11yViolations(page, 'jobs tray');
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(card).toContainText('https://images.example.com/catalog/thumb.png');
  await expect(page.getByText(/Background job \S+ completed/)).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: /Jobs/ }).click();
  await expect(tray.getByTestId('job-card')).toHaveAttribute('data-status', 'completed');
  await expect(tray.getByTestId('job-card')).toContainText('thumb.png');
  await tray.getByRole('button', { name: 'Clear finished' }).click();
  await expect(tray.getByText('No background jobs yet')).toBeVisible();
});

test('a failing upload ends the job as failed with the reason', async ({ page, sandbox }) => {
  const [group] = await sandbox.createGroups(1, `Broken thumbnail ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}`);
  const form = page.getByRole('region', { name: 'Catalog thumbnail' });
  await form.getByLabel('Image URL').fill('https://images.example.invalid/missing.png');
  await form.getByRole('button', { name: 'Replace thumbnail' }).click();
  await page.getByRole('button', { name: /Jobs/ }).click();
  const card = page
    .getByRole('dialog', { name: 'Background jobs' })
    .getByTestId('job-card')
    .first();
  await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
  await expect(card).toContainText('host not found');
  await expect(page.getByText(/Background job \S+ failed/)).toBeVisible();
});

test('an invalid URL is refused before anything is sent', async ({ page, sandbox }) => {
  const [group] = await sandbox.createGroups(1, `Bad URL ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}`);
  const form = page.getByRole('region', { name: 'Catalog thumbnail' });
  await form.getByLabel('Image URL').fill('ftp://nope');
  await form.getByRole('button', { name: 'Replace thumbnail' }).click();
  await expect(form.getByText('Enter the http(s) URL of a PNG, JPEG or GIF image.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Jobs/ })).not.toContainText(/\d/);
});
