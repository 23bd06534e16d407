// Publishing as an admin: single course publish/unpublish/status change, group archive/restore with
// the cascade stated first, learning paths, and bulk runs with failures injected by the sandbox.
import type { Page, Request } from '@playwright/test';
import { createRng } from '../../src/sandbox/lib/prng.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

test.beforeEach(async ({ signInAs }) => {
  await signInAs('admin');
});

const statusPanel = (page: Page) => page.getByRole('region', { name: 'Status' });

test('publish, unpublish and change the status of a course from its group page', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `Single publish ${Date.now()}`);
  const { title, courseId, groupId } = group!;
  await page.goto(`/course-groups/${groupId}`);
  await expect(statusPanel(page).locator('.badge')).toHaveText('Draft');

  await statusPanel(page).getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Publishes “${title}” with releaseContent.`);
  await expectNoSeriousA11yViolations(page, 'publish confirmation');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Published “${title}” (now published)`)).toBeVisible();
  await expect(statusPanel(page).locator('.badge')).toHaveText('Published');
  expect(await sandbox.courseStatus(courseId)).toBe('published');

  await statusPanel(page).getByRole('button', { name: 'Unpublish' }).click();
  await expect(dialog).toContainText('back to draft');
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  await expect(statusPanel(page).locator('.badge')).toHaveText('Draft');
  expect(await sandbox.courseStatus(courseId)).toBe('draft');

  await statusPanel(page).getByLabel('Change status to').selectOption('archived');
  await statusPanel(page).getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toContainText('to archived through update');
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByText(`Status of “${title}” changed to archived`)).toBeVisible();
  await expect(statusPanel(page).locator('.badge')).toHaveText('Archived');
  expect(await sandbox.courseStatus(courseId)).toBe('archived');
});

test('archiving and restoring a group states the cascade before it happens', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `Archive me ${Date.now()}`, {
    status: 'published',
  });
  const { title, courseId, groupId } = group!;
  await page.goto(`/course-groups/${groupId}`);

  await page.getByRole('button', { name: 'Archive group' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Archiving this course group also archives its 1 course.');
  await dialog.getByRole('button', { name: 'Archive group and its courses' }).click();
  await expect(page.getByText(`Archived “${title}”`)).toBeVisible();
  await expect(page.getByText('Archived group')).toBeVisible();
  expect((await sandbox.group(groupId)).archived).toBe(true);
  expect(await sandbox.courseStatus(courseId)).toBe('archived');

  await page.getByRole('button', { name: 'Restore group' }).click();
  await expect(dialog).toContainText('Restoring this course group sets its 1 course to draft.');
  await dialog.getByRole('button', { name: 'Restore group' }).click();
  await expect(page.getByText(`Restored “${title}”`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive group' })).toBeVisible();
  expect((await sandbox.group(groupId)).archived).toBe(false);
  expect(await sandbox.courseStatus(courseId)).toBe('draft');
});

test('a refused publish keeps the dialog open with the exact upstream message', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `Refused ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}`);
  await sandbox.faults([
    { route: `/content/${group!.courseId}/releaseContent`, method: 'PUT', status: 500, rate: 1 },
  ]);
  await statusPanel(page).getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Not done');
  await expect(dialog.getByRole('alert')).toContainText('HTTP 500');
  await expect(dialog.getByRole('alert')).toContainText('Injected fault');
  expect(await sandbox.courseStatus(group!.courseId)).toBe('draft');

  await sandbox.clearFaults();
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await sandbox.courseStatus(group!.courseId)).toBe('published');
});

test('learning paths are published and unpublished by id', async ({ page, sandbox }) => {
  const search = await sandbox.api<{ content: { id: string; title: string }[] }>(
    'GET',
    '/content?types[]=learningPaths&perPage=5',
  );
  const path = search.content[0]!;
  const statusOf = async () =>
    (
      await sandbox.api<{ learningPath: { status: string } }>(
        'GET',
        `/learningPathMilestones?learningPathId=${path.id}`,
      )
    ).learningPath.status;

  await page.goto('/learning-paths');
  await page.getByLabel('Learning path id').fill(path.id);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page).toHaveURL(new RegExp(`id=${path.id}`));
  await expect(page.getByRole('heading', { level: 2, name: path.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'learning path');

  const dialog = page.getByRole('dialog');
  if ((await statusOf()) !== 'published') {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(dialog).toBeHidden();
    expect(await statusOf()).toBe('published');
  }
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(dialog).toContainText('Sets the learning path back to draft');
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText(`Unpublished “${path.title}” (now draft)`)).toBeVisible();
  expect(await statusOf()).toBe('draft');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`Published “${path.title}” (now published)`)).toBeVisible();
  expect(await statusOf()).toBe('published');
});

async function searchAndSelectAll(page: Page, prefix: string, expected: number) {
  await page.goto(`/course-groups?q=${encodeURIComponent(prefix)}&perPage=250`);
  await expect(page.getByTestId('list-count')).toHaveText(
    `Showing ${expected} of ${expected} results for “${prefix}”`,
  );
  await page.getByRole('checkbox', { name: 'Select all loaded results' }).check();
  await expect(page.getByRole('group', { name: 'Bulk actions' })).toContainText(
    `${expected} groups selected`,
  );
}

function captureRequests(page: Page, test: (request: Request) => boolean): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (test(request)) seen.push(request);
  });
  return seen;
}

test('bulk publish with one injected failure: exact message, then only the failure is retried', async ({
  page,
  sandbox,
}) => {
  const prefix = `Bulk publish ${Date.now()}`;
  const groups = await sandbox.createGroups(6, prefix);
  const broken = groups[2]!;
  await sandbox.faults([
    { route: `/content/${broken.courseId}/releaseContent`, method: 'PUT', status: 500, rate: 1 },
  ]);
  const releases = captureRequests(
    page,
    (request) => request.method() === 'PUT' && request.url().includes('/releaseContent'),
  );

  await searchAndSelectAll(page, prefix, 6);
  await page.getByRole('button', { name: 'Publish…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish 6 course groups' });
  await expect(dialog).toContainText('Publishes 6 courses with releaseContent');
  await expect(dialog.getByTestId('plan-group')).toHaveCount(6);
  await expectNoSeriousA11yViolations(page, 'bulk confirmation');
  await dialog.getByRole('button', { name: 'Publish 6 courses' }).click();

  await expect(dialog.getByTestId('bulk-summary')).toHaveText('6 of 6 settled · 5 done · 1 failed');
  const failed = dialog.locator('.bulk-item[data-status="failed"]');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(broken.title);
  await expect(failed).toContainText('HTTP 500');
  await expect(failed).toContainText('Injected fault');
  expect(releases).toHaveLength(6);
  for (const group of groups) {
    expect(await sandbox.courseStatus(group.courseId)).toBe(
      group === broken ? 'draft' : 'published',
    );
  }
  await expectNoSeriousA11yViolations(page, 'bulk progress');

  await sandbox.clearFaults();
  await dialog.getByRole('button', { name: 'Retry 1 failed' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('6 of 6 settled · 6 done · 0 failed');
  expect(releases).toHaveLength(7);
  expect(releases[6]!.url()).toContain(broken.courseId);
  expect(await sandbox.courseStatus(broken.courseId)).toBe('published');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Bulk actions' })).toBeHidden();
});

/** A seed whose first fault roll passes (>= rate) and whose second fails (< rate). */
function seedFailingSecondRoll(rate: number): number {
  for (let seed = 1; ; seed++) {
    const rng = createRng(seed);
    if (rng.next() >= rate && rng.next() < rate) return seed;
  }
}

test('bulk archive goes out in batches of 100; a failed batch is reported and retried alone', async ({
  page,
  sandbox,
}) => {
  test.setTimeout(120_000);
  const prefix = `Bulk archive ${Date.now()}`;
  const groups = await sandbox.createGroups(150, prefix, { status: 'published' });
  await sandbox.faults(
    [{ route: '/content/course/update', method: 'PUT', status: 500, rate: 0.5 }],
    seedFailingSecondRoll(0.5),
  );
  const updates = captureRequests(
    page,
    (request) =>
      request.method() === 'PUT' && request.url().endsWith('/api/v2/content/course/update'),
  );
  const batchSizes = () =>
    updates.map(
      (request) =>
        (request.postDataJSON() as { courseAttributes: { courseGroups: unknown[] } })
          .courseAttributes.courseGroups.length,
    );

  await searchAndSelectAll(page, prefix, 150);
  await page.getByRole('button', { name: 'Archive…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive 150 course groups' });
  await expect(dialog).toContainText('Their courses become archived as well');
  await expect(dialog).toContainText('Sent as 2 update calls of at most 100 groups each.');
  await dialog.getByRole('button', { name: 'Archive 150 groups' }).click();

  await expect(dialog.getByTestId('bulk-summary')).toHaveText(
    '150 of 150 settled · 100 done · 50 failed',
  );
  expect(batchSizes()).toEqual([100, 50]);
  const failures = dialog.getByRole('list', { name: 'Failed course groups' });
  await expect(failures.locator('.bulk-item')).toHaveCount(50);
  await expect(failures.locator('.bulk-item').first()).toContainText('Injected fault');
  expect((await sandbox.group(groups[0]!.groupId)).archived).toBe(true);
  expect(await sandbox.courseStatus(groups[0]!.courseId)).toBe('archived');
  expect((await sandbox.group(groups[149]!.groupId)).archived).toBe(false);

  await sandbox.clearFaults();
  await dialog.getByRole('button', { name: 'Retry 50 failed' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText(
    '150 of 150 settled · 150 done · 0 failed',
  );
  expect(batchSizes()).toEqual([100, 50, 50]);
  expect((await sandbox.group(groups[149]!.groupId)).archived).toBe(true);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Restore them all: courses come back as draft.
  await page.getByRole('checkbox', { name: 'Select all loaded results' }).check();
  await page.getByRole('button', { name: 'Restore…' }).click();
  const restore = page.getByRole('dialog', { name: 'Restore 150 course groups' });
  await expect(restore).toContainText('Their courses become draft');
  await restore.getByRole('button', { name: 'Restore 150 groups' }).click();
  await expect(restore.getByTestId('bulk-summary')).toHaveText(
    '150 of 150 settled · 150 done · 0 failed',
  );
  expect(batchSizes()).toEqual([100, 50, 50, 100, 50]);
  for (const group of [groups[0]!, groups[120]!]) {
    expect((await sandbox.group(group.groupId)).archived).toBe(false);
    expect(await sandbox.courseStatus(group.courseId)).toBe('draft');
  }
});

test('bulk unpublish from the filtered list reads each group’s courses before acting', async ({
  page,
  sandbox,
}) => {
  const prefix = `Bulk unpublish ${Date.now()}`;
  const groups = await sandbox.createGroups(3, prefix, {
    status: 'published',
    kind: 'microCourse',
  });
  const courseLookups = captureRequests(page, (request) =>
    /\/api\/v2\/courseGroups\/[^/]+\/courses/.test(request.url()),
  );
  // Newest groups come last: one page of every micro course, scrolled to the end.
  await page.goto('/course-groups?kind=microCourse&perPage=500');
  await expect(page.getByTestId('list-end')).toBeAttached();
  await page
    .getByTestId('vtable-scroll')
    .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await page.getByRole('checkbox', { name: `Select ${groups[0]!.title}` }).check();
  await page.getByRole('checkbox', { name: `Select ${groups[1]!.title}` }).check();
  await page.getByRole('button', { name: 'Unpublish…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unpublish 2 course groups' });
  await expect(dialog).toContainText('Sets 2 courses back to draft with releaseContent');
  // The current statuses are read first: each group's course list.
  expect(courseLookups).toHaveLength(2);
  await dialog.getByRole('button', { name: 'Unpublish 2 courses' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('2 of 2 settled · 2 done · 0 failed');
  expect(await sandbox.courseStatus(groups[0]!.courseId)).toBe('draft');
  expect(await sandbox.courseStatus(groups[1]!.courseId)).toBe('draft');
  expect(await sandbox.courseStatus(groups[2]!.courseId)).toBe('published');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  // The list shows the new statuses without a reload.
  const row = page.getByRole('row', { name: new RegExp(groups[0]!.title) });
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
});
