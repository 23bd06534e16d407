// The editor's rough edges from the walkthrough (issue 22): a saved date reads as local time with the
// exact value in its tooltip, and signing out with unapplied changes asks first: Stay keeps the
// session, Leave signs out and keeps the backup.
import { backupOf, row } from '../support/editor.ts';
import { expect, test } from '../support/fixtures.ts';

test.beforeEach(async ({ signInAs }) => {
  await signInAs('contentManager');
});

test('a date reads as local date and time, the exact value in its tooltip', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `Dates ${Date.now()}`);
  await page.goto(`/editor/${group!.courseId}`);
  await expect(row(page, 'Welcome page')).toBeVisible();
  const exact = '2026-11-25T05:49:28.155Z';
  await page.getByLabel('Course starts', { exact: true }).fill(exact);
  // Under the field: the local reading, whose tooltip is the exact value typed.
  const reading = page.locator('.date-reading').getByTitle(exact, { exact: true });
  const local = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    exact,
  );
  await expect(reading).toHaveText(local);
  await expect(reading).toHaveAttribute('datetime', exact);
});

test('sign-out with unapplied changes asks first: Stay keeps the session, Leave keeps the backup', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `Sign out ${Date.now()}`);
  await page.goto(`/editor/${group!.courseId}`);
  await expect(row(page, 'Welcome page')).toBeVisible();
  await page.getByLabel('Description', { exact: true }).fill('Not applied yet');
  await expect.poll(() => backupOf(page, group!.courseId)).toContain('Not applied yet');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Sign out with unapplied changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  // Still signed in: the session answers, and the draft is as it was.
  expect((await page.request.get('/api/session')).status()).toBe(200);
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Not applied yet');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  expect((await page.request.get('/api/session')).status()).toBe(401);
  expect(await backupOf(page, group!.courseId)).toContain('Not applied yet');
});
