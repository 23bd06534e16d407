// Scheduled publishing: "Scheduled for <local date and time>" on pending courses and groups, setting a
// schedule when the editor creates a course, clearing one from the status panel (update can clear one
// by setting the status; it cannot set or move a date, and the panel says so), status controls that
// follow the status, and the sandbox publishing a course whose date has passed within one worker tick.
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

// Local time is the browser's: run in a zone that is not UTC to prove it.
const TIME_ZONE = 'America/New_York';
test.use({ timezoneId: TIME_ZONE });

const local = (iso: string) =>
  new Intl.DateTimeFormat('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));

test.beforeEach(async ({ signInAs }) => {
  await signInAs('admin');
});

const statusPanel = (page: Page) => page.getByRole('region', { name: 'Status' });

async function createScheduled(
  sandbox: { api<T>(method: string, path: string, body?: unknown): Promise<T> },
  title: string,
  futurePublishDate: string,
) {
  const created = await sandbox.api<{ courseIds: string[]; courseGroupIds: string[] }>(
    'POST',
    '/content/course/create',
    { courseAttributes: [{ title, kind: 'article', futurePublishDate }] },
  );
  return { courseId: created.courseIds[0]!, groupId: created.courseGroupIds[0]! };
}

test('a pending course shows its local publish time everywhere, and its schedule can be cleared', async ({
  page,
  sandbox,
}) => {
  const title = `Scheduled ${Date.now()}`;
  const date = '2031-03-04T15:30:00.000Z';
  const { courseId, groupId } = await createScheduled(sandbox, title, date);
  const expected = `Scheduled for ${local(date)}`;
  expect(expected).toBe('Scheduled for Mar 4, 2031, 10:30 AM');

  // The list row (a pending group: its display course's date).
  await page.goto(`/course-groups?q=${encodeURIComponent(title)}`);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByTestId('scheduled-for')).toHaveText(expected);

  // The group page: header, course list and status panel.
  await page.goto(`/course-groups/${groupId}`);
  await expect(page.locator('.page__badges').getByTestId('scheduled-for')).toHaveText(expected);
  await expect(
    page.getByRole('table', { name: 'Courses of this group' }).getByTestId('scheduled-for'),
  ).toHaveText(expected);
  const panel = statusPanel(page);
  await expect(panel.locator('.badge').first()).toHaveText('Scheduled');
  await expect(panel.getByTestId('course-schedule')).toHaveText(expected);
  await expect(panel).toContainText(`Published automatically on ${local(date)}`);
  // Status controls follow the status: the select shows it, and cannot set it.
  const select = panel.getByLabel('Change status to');
  await expect(select).toHaveValue('pending');
  await expect(select.locator('option[value="pending"]')).toBeDisabled();
  await expect(select.locator('option[value="deleted"]')).toBeDisabled();
  await expect(select.locator('option[value="draft"]')).toBeEnabled();
  await expect(panel.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Publish now' })).toBeVisible();
  await expect(panel).toContainText('update cannot set or move one');
  await expect(
    panel.getByRole('link', { name: 'Create a course with a publish date' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'status panel of a scheduled course');

  await panel.getByRole('button', { name: 'Clear schedule' }).click();
  const dialog = page.getByRole('dialog', { name: `Clear the schedule of “${title}”?` });
  await expect(dialog.getByTestId('fresh-status')).toContainText(`${title} now Scheduled`);
  await expect(dialog).toContainText(`so it is not published on ${local(date)}`);
  await dialog.getByRole('button', { name: 'Clear schedule' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Schedule of “${title}” cleared (now draft)`)).toBeVisible();
  await expect(panel.locator('.badge').first()).toHaveText('Draft');
  await expect(panel.getByTestId('course-schedule')).toHaveCount(0);
  await expect(panel).toContainText('No publish date is set.');
  await expect(page.locator('.page__badges').getByTestId('scheduled-for')).toHaveCount(0);
  expect(await sandbox.courseStatus(courseId)).toBe('draft');
});

test('the sandbox publishes a course whose date has passed within one worker tick', async ({
  page,
  sandbox,
}) => {
  const title = `Due ${Date.now()}`;
  const { courseId, groupId } = await createScheduled(
    sandbox,
    title,
    new Date(Date.now() - 60_000).toISOString(),
  );
  // The worker ticks every 25 ms; a second is forty ticks of slack for a busy machine.
  await expect.poll(() => sandbox.courseStatus(courseId), { timeout: 1_000 }).toBe('published');
  expect((await sandbox.group(groupId)).status).toBe('published');
  await page.goto(`/course-groups/${groupId}`);
  await expect(statusPanel(page).locator('.badge').first()).toHaveText('Published');
  await expect(page.getByTestId('scheduled-for')).toHaveCount(0);
});

test('an archived course offers no Publish, and a deleted one no status change', async ({
  page,
  sandbox,
}) => {
  const [archived, deleted] = await sandbox.createGroups(2, `No publish ${Date.now()}`);
  await sandbox.archiveGroup(archived!.groupId);
  sandbox.markCourseDeleted(deleted!.courseId);

  await page.goto(`/course-groups/${archived!.groupId}`);
  let panel = statusPanel(page);
  await expect(panel.locator('.badge').first()).toHaveText('Archived');
  await expect(panel.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
  await expect(panel.getByTestId('publish-unavailable')).toHaveText(
    'Publish is not offered: The group is archived. Restore the group first, then publish.',
  );
  await expect(panel.getByLabel('Change status to')).toHaveValue('archived');

  await page.goto(`/course-groups/${deleted!.groupId}`);
  panel = statusPanel(page);
  await expect(panel.locator('.badge').first()).toHaveText('Deleted');
  await expect(panel.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
  await expect(panel.getByTestId('publish-unavailable')).toHaveText(
    'Publish is not offered: Deleted courses cannot be published.',
  );
  const select = panel.getByLabel('Change status to');
  await expect(select).toHaveValue('deleted');
  for (const status of ['draft', 'published', 'archived'])
    await expect(select.locator(`option[value="${status}"]`)).toBeDisabled();
});

test('a single publish re-reads the status first and refuses when it changed meanwhile', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `Stale page ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}`);
  await expect(statusPanel(page).locator('.badge').first()).toHaveText('Draft');
  // Someone else deletes it while the page is open.
  sandbox.markCourseDeleted(group!.courseId);
  await statusPanel(page).getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('fresh-status')).toContainText(`${group!.title} now Deleted`);
  await expect(dialog.getByRole('alert')).toHaveText(
    'Not sent: Deleted courses cannot be published.',
  );
  await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
});

test('an admin schedules a course when creating it, and the console shows when it publishes', async ({
  page,
  sandbox,
}) => {
  // The only way the API sets a date: futurePublishDate on create (the panel links here).
  const title = `Scheduled in the editor ${Date.now()}`;
  const date = '2032-07-01T08:05:00.000Z';
  await page.goto('/editor/new');
  await page.getByLabel('Kind of course').selectOption('article');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.locator('#f-futurePublishDate').fill(date);
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByText('Course created.')).toBeVisible({ timeout: 20_000 });
  const courseId = new URL(page.url()).pathname.split('/').pop()!;
  expect(await sandbox.courseStatus(courseId)).toBe('pending');
  const { courseGroupId } = await sandbox.api<{ courseGroupId: string }>(
    'GET',
    `/courses/${courseId}/structure`,
  );

  await page.goto(`/course-groups/${courseGroupId}`);
  const expected = `Scheduled for ${local(date)}`;
  expect(expected).toBe('Scheduled for Jul 1, 2032, 4:05 AM');
  await expect(page.locator('.page__badges').getByTestId('scheduled-for')).toHaveText(expected);
  await expect(statusPanel(page).getByTestId('course-schedule')).toHaveText(expected);
});
