// Role gating: content managers see statuses but no publish/archive actions, support sees no edit
// actions at all, and the console server refuses what the UI does not offer.
import { expect, test } from '../support/fixtures.ts';

const statusPanel = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Status' });

test('a content manager sees status but no publish, archive or bulk actions', async ({
  page,
  sandbox,
  signInAs,
  csrfHeaders,
}) => {
  await signInAs('contentManager');
  const [group] = await sandbox.createGroups(1, `CM view ${Date.now()}`);

  await page.goto('/course-groups');
  await expect(page.getByTestId('list-count')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  await page.goto(`/course-groups/${group!.groupId}`);
  await expect(statusPanel(page).locator('.badge')).toHaveText('Draft');
  await expect(statusPanel(page)).toContainText(
    'Publishing and status changes are done by admins.',
  );
  for (const name of ['Publish', 'Unpublish', 'Apply', 'Archive group', 'Restore group']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByLabel('Change status to')).toHaveCount(0);
  // Content managers edit content: the editor link and the thumbnail form are theirs.
  await expect(page.getByRole('region', { name: 'Catalog thumbnail' })).toBeVisible();
  await page.getByRole('link', { name: 'Open in editor' }).click();
  await expect(page).toHaveURL(new RegExp(`/editor/${group!.courseId}$`));

  // The server enforces the same rule for a request the UI never sends.
  const refused = await page.request.put(`/api/v2/content/${group!.courseId}/releaseContent`, {
    data: { kind: 'course', action: 'release' },
    headers: csrfHeaders,
  });
  expect(refused.status()).toBe(403);
  expect(await sandbox.courseStatus(group!.courseId)).toBe('draft');
});

test('support reads everything but sees no button that would be refused', async ({
  page,
  sandbox,
  signInAs,
  csrfHeaders,
}) => {
  await signInAs('support');
  const [group] = await sandbox.createGroups(1, `Support view ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}`);
  await expect(page.getByRole('heading', { level: 1, name: group!.title })).toBeVisible();
  await expect(statusPanel(page).locator('.badge')).toHaveText('Draft');
  await expect(page.getByRole('link', { name: 'Open in editor' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Catalog thumbnail' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /publish|archive|apply|replace/i })).toHaveCount(0);
  // Reading the structure and looking up slugs is fine.
  await expect(page.getByRole('list', { name: `Structure of ${group!.title}` })).toBeVisible();
  await expect(page.getByLabel('Open by slug')).toBeVisible();

  await page.goto('/learning-paths');
  await page.getByRole('list').getByRole('link').first().click();
  await expect(page.getByText('Publishing is done by admins.')).toBeVisible();
  await expect(page.getByRole('button', { name: /publish/i })).toHaveCount(0);

  const refused = await page.request.put('/api/v2/content/course/update', {
    data: { courseAttributes: { courseGroups: [{ id: group!.groupId, title: 'Renamed' }] } },
    headers: csrfHeaders,
  });
  expect(refused.status()).toBe(403);
});

test('an admin sees every action', async ({ page, sandbox, signInAs }) => {
  await signInAs('admin');
  const [group] = await sandbox.createGroups(1, `Admin view ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}`);
  await expect(
    statusPanel(page).getByRole('button', { name: 'Publish', exact: true }),
  ).toBeVisible();
  await expect(statusPanel(page).getByLabel('Change status to')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive group' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in editor' })).toBeVisible();
  await page.goto('/course-groups');
  await expect(
    page.getByRole('checkbox', { name: 'Select all loaded course groups' }),
  ).toBeVisible();
});
