// Dead ends: an unknown course group id is "Not found" with the way back to the list (no retry), and a
// page the role may not open says so and links to the pages it may.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

test('an unknown group id shows “Not found” and its link leads back to the list', async ({
  page,
  signInAs,
}) => {
  await signInAs('support');
  const unknown = '0b9f6a2e-6c3a-4c64-9d0b-2f8e0e3b1a11';
  await page.goto(`/course-groups/${unknown}`);
  await expect(page.getByText('Not found: no course group has this id')).toBeVisible();
  await expect(page.getByText(unknown)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page).toHaveTitle(/Course group not found/);
  await expectNoSeriousA11yViolations(page, 'group not found');
  await page.getByRole('link', { name: 'Back to course groups' }).click();
  await expect(page).toHaveURL('/course-groups');
  await expect(page.getByTestId('list-count')).toBeVisible();
});

test('a course that does not exist, selected on a group page, offers no retry', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('support');
  const [group] = await sandbox.createGroups(1, `Missing course ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}?course=0b9f6a2e-6c3a-4c64-9d0b-2f8e0e3b1a11`);
  const alert = page.getByRole('alert').filter({ hasText: 'The course did not load' });
  await expect(alert).toContainText('HTTP 404');
  await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('“Not allowed” pages link to where the role can go', async ({ page, signInAs }) => {
  await signInAs('support');
  await page.goto('/admin/audit');
  await expect(page.getByText('Not allowed: the audit log is for admins')).toBeVisible();
  const links = page.getByRole('navigation', { name: 'Pages you can open' }).getByRole('link');
  await expect(links).toHaveText(['Course groups', 'Learning paths', 'Event monitor']);
  await expectNoSeriousA11yViolations(page, 'not allowed');
  await links.filter({ hasText: 'Event monitor' }).click();
  await expect(page).toHaveURL('/events');

  await page.goto('/editor/new');
  await expect(page.getByText('Not allowed: your role cannot create courses')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Pages you can open' }).getByRole('link'),
  ).toHaveText(['Course groups', 'Learning paths', 'Event monitor']);
});
