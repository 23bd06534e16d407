// Search and filters together: the search API matches titles only, so Kind, Template and Archived are
// applied to the loaded results, the count line says so, and the results keep the list's columns.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

test.beforeEach(async ({ signInAs }) => {
  await signInAs('admin');
});

test('search with a kind filter shows only that kind, with the list’s columns', async ({
  page,
  sandbox,
}) => {
  const prefix = `Kind search ${Date.now()}`;
  const courses = await sandbox.createGroups(2, `${prefix} course`, { kind: 'courseGroup' });
  const micro = await sandbox.createGroups(3, `${prefix} micro`, { kind: 'microCourse' });

  await page.goto(`/course-groups?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByTestId('list-count')).toHaveText(`Showing 5 of 5 results for “${prefix}”`);
  const table = page.getByRole('table', { name: 'Search results' });
  await expect(table.getByRole('columnheader')).toHaveText([
    '',
    'Title',
    'Kind',
    'Status',
    'Template',
    'Language',
    'Content type',
    'Authors',
    'Source',
    'Courses',
  ]);
  // The columns the search answer lacks come from each group's details.
  const firstRow = table.getByRole('row', { name: new RegExp(courses[0]!.title) });
  await expect(firstRow.getByRole('cell').nth(7)).toHaveText('E2E Author');
  await expect(firstRow.getByRole('cell').nth(9)).toHaveText('1');

  await page.getByLabel('Kind', { exact: true }).selectOption('microCourse');
  await expect(page).toHaveURL(/kind=microCourse/);
  await expect(page.getByTestId('list-count')).toHaveText(
    `Showing 3 of 5 loaded results for “${prefix}” (5 match the text)`,
  );
  await expect(page.getByTestId('search-note')).toContainText(
    'Kind, Template and Archived are applied to the results loaded so far',
  );
  for (const group of micro)
    await expect(table.getByRole('row', { name: new RegExp(group.title) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(courses[0]!.title) })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'Micro-course' })).toHaveCount(3);
  await expectNoSeriousA11yViolations(page, 'search with a kind filter');

  // Archived: read from each result's group.
  await sandbox.archiveGroup(micro[0]!.groupId);
  await page.reload();
  await page.getByLabel('Archived', { exact: true }).selectOption('true');
  await expect(page.getByTestId('list-count')).toHaveText(
    `Showing 1 of 5 loaded results for “${prefix}” (5 match the text)`,
  );
  await expect(table.getByRole('row', { name: new RegExp(micro[0]!.title) })).toBeVisible();
});

test('slow details still fill their row; details that cannot be read say so instead of loading forever', async ({
  page,
  sandbox,
}) => {
  const prefix = `Slow details ${Date.now()}`;
  const [slow, broken] = await sandbox.createGroups(2, `${prefix} group`, { kind: 'courseGroup' });
  // The rows mount, then remount in the virtual list, while these reads are still out.
  await sandbox.faults([
    { route: `/courseGroups/${slow!.groupId}`, method: 'GET', delayMs: 1500, rate: 1 },
    { route: `/courseGroups/${broken!.groupId}`, method: 'GET', status: 500, rate: 1 },
  ]);
  await page.goto(`/course-groups?q=${encodeURIComponent(prefix)}`);
  const table = page.getByRole('table', { name: 'Search results' });
  const slowRow = table.getByRole('row', { name: new RegExp(slow!.title) });
  const brokenRow = table.getByRole('row', { name: new RegExp(broken!.title) });
  await expect(slowRow.getByRole('cell').nth(7)).toHaveText('E2E Author');
  await expect(brokenRow.getByRole('cell').nth(7)).toHaveText('Not read');
  await expect(brokenRow.getByRole('cell').nth(5)).toHaveText('Not read');
});
