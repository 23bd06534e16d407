// The jobs tray: a background job queued by an update is followed until it ends, its uploads and result
// are shown, and it survives a reload. Toasts stay on their page and collapse when there are many.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

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
  await form.getByLabel('Image URL').fill('https://images.example.test/catalog/thumb.png');
  await form.getByLabel('Alt text').fill('A lectern');
  await form.getByRole('button', { name: 'Replace thumbnail' }).click();
  await expect(
    page.getByText(`Thumbnail of “${group!.title}” queued: follow it in the jobs tray`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Jobs/ })).toContainText('1');

  await page.getByRole('button', { name: /Jobs/ }).click();
  const tray = page.getByRole('dialog', { name: 'Background jobs' });
  const card = tray.getByTestId('job-card');
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-status', /queued|processing/);
  // Titled with the group it belongs to; the job's id stays in the details.
  await expect(card.getByRole('heading', { name: group!.title })).toBeVisible();
  await expect(card).toContainText('image');
  await expectNoSeriousA11yViolations(page, 'jobs tray');
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(card).toContainText('https://images.example.test/catalog/thumb.png');
  await expect(page.getByText(`Uploads for “${group!.title}” finished`)).toBeVisible();

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
  await expect(
    page.getByText(`Uploads for “${group!.title}” failed`, { exact: false }),
  ).toBeVisible();
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

test('a job that ends while the user is on another page is counted on Jobs, not toasted there', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `Away ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}`);
  const form = page.getByRole('region', { name: 'Catalog thumbnail' });
  await form.getByLabel('Image URL').fill('https://images.example.test/catalog/away.png');
  await form.getByRole('button', { name: 'Replace thumbnail' }).click();
  const queued = page.getByText(
    `Thumbnail of “${group!.title}” queued: follow it in the jobs tray`,
  );
  await expect(queued).toBeVisible();

  // Toasts stay on the page where the action happened.
  await page.getByRole('link', { name: 'Course groups' }).first().click();
  await expect(page).toHaveURL(/\/course-groups$/);
  await expect(queued).toHaveCount(0);

  const jobs = page.getByRole('button', { name: /Jobs/ });
  await expect(jobs).toContainText('1 ended', { timeout: 20_000 });
  await expect(page.getByText(`Uploads for “${group!.title}” finished`)).toHaveCount(0);
  await jobs.click();
  const card = page.getByRole('dialog', { name: 'Background jobs' }).getByTestId('job-card');
  await expect(card).toHaveAttribute('data-status', 'completed');
  await page.keyboard.press('Escape');
  await expect(jobs).not.toContainText('ended');
});

test('many toasts collapse into a stack of three that opens on hover', async ({
  page,
  sandbox,
}) => {
  // Jobs that outlast the test: only the four "queued" toasts, no "finished" ones.
  await sandbox.settings({ jobDelayMs: 60_000 });
  const [group] = await sandbox.createGroups(1, `Many toasts ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}`);
  const form = page.getByRole('region', { name: 'Catalog thumbnail' });
  const queued = page.getByText(
    `Thumbnail of “${group!.title}” queued: follow it in the jobs tray`,
  );
  for (let n = 1; n <= 4; n++) {
    await form.getByLabel('Image URL').fill(`https://images.example.test/catalog/many-${n}.png`);
    await form.getByRole('button', { name: 'Replace thumbnail' }).click();
    await expect(queued).toHaveCount(n);
  }
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts).toHaveCount(4);
  // Three in front, the oldest waiting behind them; collapsed until the pointer reaches the stack.
  await expect(toasts.and(page.locator('[data-visible="true"]'))).toHaveCount(3);
  await expect(toasts.and(page.locator('[data-expanded="true"]'))).toHaveCount(0);
  await toasts.first().hover();
  await expect(toasts.and(page.locator('[data-expanded="true"]'))).toHaveCount(4);
});
