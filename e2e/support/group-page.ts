// Steps on a course group's page that several specs take: publish its course from the status panel,
// then queue a new catalog thumbnail (an update that starts a background job).
import { expect, type Page } from '@playwright/test';

export async function publishThenReplaceThumbnail(page: Page, title: string, imageUrl: string) {
  const status = page.getByRole('region', { name: 'Status' });
  await status.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`Published “${title}” (now published)`)).toBeVisible();
  const form = page.getByRole('region', { name: 'Catalog thumbnail' });
  await form.getByLabel('Image URL').fill(imageUrl);
  await form.getByRole('button', { name: 'Replace thumbnail' }).click();
  await expect(
    page.getByText(`Thumbnail of “${title}” queued: follow it in the jobs tray`),
  ).toBeVisible();
}
