// Publishing that checks before it acts: the confirmation reads each group's and course's current
// status, lists what happens to each, does not send what makes no sense (with the reason), lets the
// user deselect items, and the progress view separates done, skipped and failed.
import type { Page, Request } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

test.beforeEach(async ({ signInAs }) => {
  await signInAs('admin');
});

function releases(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/releaseContent')) seen.push(request);
  });
  return seen;
}

async function selectAllResults(page: Page, prefix: string, expected: number) {
  await page.goto(`/course-groups?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByTestId('list-count')).toHaveText(
    `Showing ${expected} of ${expected} results for “${prefix}”`,
  );
  await page.getByRole('checkbox', { name: 'Select all loaded results' }).check();
}

test('bulk publish over a deleted, an archived, a draft and a published group publishes only the draft', async ({
  page,
  sandbox,
}) => {
  const prefix = `Checked publish ${Date.now()}`;
  const [deleted, archived, draft] = await sandbox.createGroups(3, prefix);
  const [published] = await sandbox.createGroups(1, `${prefix} live`, { status: 'published' });
  sandbox.markCourseDeleted(deleted!.courseId);
  await sandbox.archiveGroup(archived!.groupId);
  const sent = releases(page);

  await selectAllResults(page, prefix, 4);
  await page.getByRole('button', { name: 'Publish…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish 4 course groups' });
  await expect(dialog).toContainText('Publishes 1 course with releaseContent');
  await expect(dialog).toContainText('3 courses will not be sent; the reason is given for each.');

  const planOf = (title: string) => dialog.getByTestId('plan-group').filter({ hasText: title });
  await expect(planOf(deleted!.title)).toContainText('Deleted');
  await expect(planOf(deleted!.title)).toContainText(
    'Not sent: Deleted courses cannot be published.',
  );
  await expect(planOf(archived!.title)).toContainText('Archived');
  await expect(planOf(archived!.title)).toContainText(
    'Not sent: The group is archived. Restore the group first, then publish.',
  );
  await expect(planOf(published!.title)).toContainText('Not sent: Already published.');
  await expect(planOf(draft!.title)).toContainText('Draft');
  await expect(planOf(draft!.title)).toContainText('Publishes it.');
  await expect(dialog.getByRole('checkbox', { name: `Include ${draft!.title}` })).toBeChecked();
  // Only sendable items can be chosen; the archived group's restore is offered as its own step.
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await expect(
    dialog.getByRole('button', { name: 'Restore 1 archived group first…' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'bulk confirmation with skipped items');

  await dialog.getByRole('button', { name: 'Publish 1 course' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText(
    '4 of 4 settled · 1 done · 0 failed · 3 skipped',
  );
  const done = dialog.getByRole('list', { name: 'Done courses' });
  await expect(done.locator('.bulk-item')).toHaveCount(1);
  await expect(done).toContainText(draft!.title);
  const skipped = dialog.getByRole('list', { name: 'Skipped courses' });
  await expect(skipped.locator('.bulk-item')).toHaveCount(3);
  await expect(skipped.locator('.bulk-item', { hasText: deleted!.title })).toContainText(
    'Deleted courses cannot be published.',
  );
  await expect(skipped.locator('.bulk-item', { hasText: archived!.title })).toContainText(
    'The group is archived. Restore the group first, then publish.',
  );
  await expect(skipped.locator('.bulk-item', { hasText: published!.title })).toContainText(
    'Already published.',
  );
  await expect(dialog.getByRole('list', { name: 'Failed courses' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'bulk progress with skipped items');

  expect(sent.map((request) => request.url())).toEqual([
    expect.stringContaining(`/content/${draft!.courseId}/releaseContent`),
  ]);
  expect(await sandbox.courseStatus(draft!.courseId)).toBe('published');
  expect(await sandbox.courseStatus(deleted!.courseId)).toBe('deleted');
  expect(await sandbox.courseStatus(archived!.courseId)).toBe('archived');
  expect((await sandbox.group(archived!.groupId)).status).toBe('archived');
  expect(await sandbox.courseStatus(published!.courseId)).toBe('published');
});

test('items deselected in the confirmation are not sent and are listed as skipped', async ({
  page,
  sandbox,
}) => {
  const prefix = `Deselect ${Date.now()}`;
  const groups = await sandbox.createGroups(3, prefix);
  const sent = releases(page);
  await selectAllResults(page, prefix, 3);
  await page.getByRole('button', { name: 'Publish…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish 3 course groups' });
  await dialog.getByRole('checkbox', { name: `Include ${groups[1]!.title}` }).uncheck();
  await expect(dialog).toContainText('Publishes 2 courses with releaseContent');
  await dialog.getByRole('button', { name: 'Publish 2 courses' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText(
    '3 of 3 settled · 2 done · 0 failed · 1 skipped',
  );
  await expect(dialog.getByRole('list', { name: 'Skipped courses' })).toContainText(
    `${groups[1]!.title}SkippedDeselected in the confirmation.`,
  );
  expect(sent).toHaveLength(2);
  expect(await sandbox.courseStatus(groups[1]!.courseId)).toBe('draft');
  expect(await sandbox.courseStatus(groups[2]!.courseId)).toBe('published');
});

test('restore and archive skip groups already in that state; restore is offered before publish', async ({
  page,
  sandbox,
}) => {
  const prefix = `Restore first ${Date.now()}`;
  const [a, b] = await sandbox.createGroups(2, prefix, { status: 'published' });
  await sandbox.archiveGroup(a!.groupId);

  await selectAllResults(page, prefix, 2);
  await page.getByRole('button', { name: 'Restore…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Restore 2 course groups' });
  await expect(dialog.getByTestId('plan-group').filter({ hasText: b!.title })).toContainText(
    'Not sent: Not archived: there is nothing to restore.',
  );
  // The cascade is shown per course: archived becomes draft.
  await expect(dialog.getByTestId('plan-group').filter({ hasText: a!.title })).toContainText(
    'Archived → Draft',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Publish offers the archived group's restore as its own step.
  await page.getByRole('button', { name: 'Publish…', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Publish 2 course groups' });
  await dialog.getByRole('button', { name: 'Restore 1 archived group first…' }).click();
  dialog = page.getByRole('dialog', { name: 'Restore 1 course group' });
  await dialog.getByRole('button', { name: 'Restore 1 group' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('1 of 1 settled · 1 done · 0 failed');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  expect((await sandbox.group(a!.groupId)).archived).toBe(false);
  expect(await sandbox.courseStatus(a!.courseId)).toBe('draft');

  // Both groups are still selected: publish now sends the restored group's course.
  await expect(page.getByRole('group', { name: 'Bulk actions' })).toContainText(
    '2 groups selected',
  );
  await page.getByRole('button', { name: 'Publish…', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Publish 2 course groups' });
  await dialog.getByRole('button', { name: 'Publish 1 course' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText(
    '2 of 2 settled · 1 done · 0 failed · 1 skipped',
  );
  expect(await sandbox.courseStatus(a!.courseId)).toBe('published');
});
