// The roles page: an admin grants, changes and revokes console roles; the person's access follows right
// away. Other roles see no entry in the nav and a "not allowed" state on a direct URL.
import type { Browser, Page } from '@playwright/test';
import { demoLearner } from '../../test/helpers/demo-accounts.ts';
import { DEMO_ACCOUNTS } from '../support/env.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

const LEARNER = demoLearner(5);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const roleRow = (page: Page, email: string) =>
  page.getByTestId('role-row').and(page.locator(`[data-email="${email}"]`));

async function signInThroughUi(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

test('an admin grants a learner content manager, then revokes it', async ({
  page,
  browser,
  baseURL,
  sandbox,
  signInAs,
}) => {
  await signInAs('admin');
  await page.goto('/course-groups');
  await nav(page).getByRole('link', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await expect(roleRow(page, DEMO_ACCOUNTS.support.email)).toContainText('Support');
  await expect(roleRow(page, DEMO_ACCOUNTS.support.email)).toContainText('Demo account');
  await expectNoSeriousA11yViolations(page, 'roles page');

  // The form checks the address before anything is sent.
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Grant role' }).click();
  const emailError = page.getByText('Enter the email address of a learning-platform account.');
  await expect(emailError).toBeVisible();
  // The refused field has the focus, and its error goes as soon as it is mended, before a send.
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email', { exact: true }).fill(` ${LEARNER.email.toUpperCase()} `);
  await expect(emailError).toHaveCount(0);
  await page.getByLabel('Role', { exact: true }).selectOption('contentManager');
  await page.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByText(`${LEARNER.email} is now content manager`)).toBeVisible();
  // Ready for the next grant: the address emptied, the role kept.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('contentManager');
  const row = roleRow(page, LEARNER.email);
  await expect(row).toContainText('Content manager');
  await expect(row).toContainText(DEMO_ACCOUNTS.admin.email);

  // The learner now works as a content manager: editor and browser, no publish actions, no admin pages.
  const [group] = await sandbox.createGroups(1, `Granted CM ${Date.now()}`);
  const learner = await signInThroughUi(browser, baseURL!, LEARNER.email, LEARNER.password);
  await expect(learner).toHaveURL(/\/course-groups/);
  await expect(learner.getByTestId('role-badge')).toHaveText('Content manager');
  await expect(nav(learner).getByRole('link', { name: 'New course' })).toBeVisible();
  await expect(nav(learner).getByRole('link', { name: 'Roles' })).toHaveCount(0);
  await expect(nav(learner).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await learner.goto(`/course-groups/${group!.groupId}`);
  await expect(learner.getByRole('heading', { level: 1, name: group!.title })).toBeVisible();
  await expect(
    learner.getByText('Publishing and status changes are done by admins.'),
  ).toBeVisible();
  for (const name of ['Publish', 'Unpublish', 'Archive group']) {
    await expect(learner.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await learner.getByRole('link', { name: 'Open in editor' }).click();
  await expect(learner).toHaveURL(new RegExp(`/editor/${group!.courseId}$`));

  // Changing the role applies to the open session too.
  await row.getByLabel(`New role for ${LEARNER.email}`).selectOption('support');
  await row.getByRole('button', { name: `Change role of ${LEARNER.email}` }).click();
  await expect(page.getByText(`${LEARNER.email} is now support`)).toBeVisible();
  await expect(row).toContainText('Support');
  const session = await learner.request.get('/api/session');
  expect((await session.json()) as { role: string }).toMatchObject({ role: 'support' });

  // Revoke, after a confirmation that says what happens.
  await row.getByRole('button', { name: `Revoke role of ${LEARNER.email}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${LEARNER.email} loses access to this console right away`);
  await expectNoSeriousA11yViolations(page, 'revoke confirmation');
  await dialog.getByRole('button', { name: 'Revoke role' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Revoked the role of ${LEARNER.email}`)).toBeVisible();
  await expect(roleRow(page, LEARNER.email)).toHaveCount(0);

  await learner.goto('/course-groups');
  await expect(learner).toHaveURL(/\/no-access$/);
  await expect(learner.getByRole('heading', { name: 'No access to this console' })).toBeVisible();
  await learner.context().close();
});

test('the last admin cannot revoke their own role: the server says why', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  await page.goto('/admin/roles');
  const own = roleRow(page, DEMO_ACCOUNTS.admin.email);
  await expect(own).toContainText('(you)');
  // Only meaningful (and only safe) while the demo admin is the only one.
  await expect(page.getByTestId('role-row').locator('.badge', { hasText: /^Admin$/ })).toHaveCount(
    1,
  );
  await own.getByRole('button', { name: `Revoke role of ${DEMO_ACCOUNTS.admin.email}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This is your own account');
  await dialog.getByRole('button', { name: 'Revoke role' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Refused: this is the last admin. Grant admin to someone else first, so the console keeps an administrator.',
  );
  await expect(dialog.getByRole('alert')).toContainText('HTTP 409');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(own).toContainText('Admin');

  // Demoting oneself is refused the same way, in the row.
  await own.getByLabel(`New role for ${DEMO_ACCOUNTS.admin.email}`).selectOption('support');
  await own.getByRole('button', { name: `Change role of ${DEMO_ACCOUNTS.admin.email}` }).click();
  await expect(own.getByRole('alert')).toContainText('Refused: this is the last admin.');
  const session = await page.request.get('/api/session');
  expect((await session.json()) as { role: string }).toMatchObject({ role: 'admin' });
});

for (const role of ['contentManager', 'support'] as const) {
  test(`${role} sees no admin entries and is not allowed on the admin pages`, async ({
    page,
    signInAs,
    csrfHeaders,
  }) => {
    await signInAs(role);
    await page.goto('/course-groups');
    await expect(nav(page).getByRole('link', { name: 'Event monitor' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Roles' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Audit log' })).toHaveCount(0);

    await page.goto('/admin/roles');
    await expect(page.getByText('Not allowed: roles are managed by admins')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Grant role' })).toHaveCount(0);
    await page.goto('/admin/audit');
    await expect(page.getByText('Not allowed: the audit log is for admins')).toBeVisible();
    await expect(page.getByTestId('audit-row')).toHaveCount(0);

    // The server refuses anyway.
    const list = await page.request.get('/api/roles');
    expect(list.status()).toBe(403);
    expect(await list.json()).toMatchObject({ error: 'forbidden' });
    const grant = await page.request.put(`/api/roles/${encodeURIComponent(LEARNER.email)}`, {
      data: { role: 'admin' },
      headers: csrfHeaders,
    });
    expect(grant.status()).toBe(403);
    const audit = await page.request.get('/api/audit');
    expect(audit.status()).toBe(403);
  });
}
