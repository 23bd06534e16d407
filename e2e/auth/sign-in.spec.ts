// Sign-in and sign-out per role, redirect back after sign-in, no-access page, session loss mid-use.
import { DEMO_ACCOUNTS, LEARNER, type Role } from '../support/env.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

const ROLES = Object.keys(DEMO_ACCOUNTS) as Role[];

for (const role of ROLES) {
  test(`${role} signs in through the form, sees name and role, and signs out`, async ({ page }) => {
    const account = DEMO_ACCOUNTS[role];
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2F/);
    await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/course-groups$/);
    await expect(page.getByTestId('role-badge')).toHaveText(account.label);
    await expect(page.getByRole('banner')).toContainText(account.email);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByText('Signed out')).toBeVisible();
    // The server session is gone: the console is closed again.
    expect((await page.request.get('/api/session')).status()).toBe(401);
    await page.goto('/course-groups');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fcourse-groups/);
  });
}

test('a wrong password shows the server message and stays on sign-in', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('form validation names the missing fields', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('Enter the email address of your learning-platform account.'),
  ).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-in with errors');
});

test('a deep link opened while signed out comes back after sign-in', async ({ page, sandbox }) => {
  const [group] = await sandbox.createGroups(1, `Deep link ${Date.now()}`);
  const target = `/course-groups/${group!.groupId}?activeOnly=true`;
  await page.goto(target);
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await page.getByRole('button', { name: 'Use Content manager' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${group!.groupId}\\?activeOnly=true$`));
  await expect(page.getByRole('heading', { level: 1, name: group!.title })).toBeVisible();
});

test('a session that ends mid-use sends the user to sign-in and back', async ({
  page,
  signInAs,
  context,
}) => {
  await signInAs('admin');
  // The header's late parts (bell, review count, pinned views) read once they load, after the list
  // shows: those reads are answered before the session ends, so the call below is the one that meets it.
  const lateReads = ['/api/alerts/summary', '/api/reviews/count', '/api/saved-views'].map((path) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === path),
  );
  await page.goto('/course-groups?kind=courseGroup');
  await expect(page.getByTestId('list-count')).toBeVisible();
  await Promise.all(lateReads);
  // The server forgets the session (as after idle expiry): the next API call answers 401.
  await context.clearCookies();
  await page.getByLabel('Per page').selectOption('25');
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(redirect).toContain('/course-groups');
  expect(redirect).toContain('perPage=25');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/course-groups\?.*perPage=25/);
  await expect(page.getByLabel('Kind')).toHaveValue('courseGroup');
});

test('an account without a console role gets the no-access page', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(LEARNER.email);
  await page.getByLabel('Password').fill(LEARNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/no-access$/);
  await expect(page.getByRole('heading', { name: 'No access to this console' })).toBeVisible();
  await expect(page.getByText(LEARNER.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'no-access');
  // Every console page leads back here, and the API refuses too.
  await page.goto('/course-groups');
  await expect(page).toHaveURL(/\/no-access$/);
  const api = await page.request.get('/api/v2/courseGroups');
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ error: 'no_access' });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('the sign-in page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-in');
});
