// Bad input is kept and explained (issue 22): what is typed survives a reload even when the draft
// cannot hold it, messages name the rule, a restored draft shows its problems at their fields, and
// dates that cross are warnings (the API accepts them), not problems that stop an apply.
import { backupOf, row } from '../support/editor.ts';
import { expect, test } from '../support/fixtures.ts';

test.beforeEach(async ({ signInAs }) => {
  await signInAs('contentManager');
});

const RULES = 'Price can have at most two decimals (whole cents) and be at most $999,999.99';

test('a price the draft cannot hold is kept through a reload, names its rules and stops an apply', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `Bad price ${Date.now()}`);
  await page.goto(`/editor/${group!.courseId}`);
  await expect(row(page, 'Welcome page')).toBeVisible();
  const price = page.locator('#f-priceInCents');
  await price.fill('1000000.001');
  await expect(page.locator('#f-priceInCents-error')).toHaveText(RULES);
  await expect.poll(() => backupOf(page, group!.courseId)).toContain('1000000.001');

  await page.reload();
  await expect(row(page, 'Welcome page')).toBeVisible();
  await expect(price).toHaveValue('1000000.001');
  await expect(page.locator('#f-priceInCents-error')).toHaveText(RULES);
  const problems = page.getByRole('complementary', { name: 'Problems and apply' });
  await expect(problems.getByText(RULES)).toBeVisible();
  await expect(problems.getByText('One problem to fix first (listed below).')).toBeVisible();

  // Corrected, the amount goes into the draft and the kept text is forgotten.
  await price.fill('49.90');
  await expect(page.locator('#f-priceInCents-error')).toHaveCount(0);
  await expect.poll(() => backupOf(page, group!.courseId)).not.toContain('1000000.001');
});

test('after a reload the problems show again at their fields', async ({ page, sandbox }) => {
  const [group] = await sandbox.createGroups(1, `Bad date ${Date.now()}`);
  await page.goto(`/editor/${group!.courseId}`);
  await expect(row(page, 'Welcome page')).toBeVisible();
  await page.locator('#f-courseEndDate').fill('2026-13-45');
  const error = page.locator('#f-courseEndDate-error');
  await expect(error).toContainText('must be a date such as 2026-01-31');
  await expect.poll(() => backupOf(page, group!.courseId)).toContain('2026-13-45');

  await page.reload();
  await expect(page.locator('#f-courseEndDate')).toHaveValue('2026-13-45');
  await expect(error).toContainText('must be a date such as 2026-01-31');
  await expect(page.locator('#f-courseEndDate')).toHaveAttribute('aria-invalid', 'true');
});

test('dates that cross are warnings at their fields, and the course is still created', async ({
  page,
}) => {
  // Dates are set when a course is created (the API refuses to change them later).
  await page.goto('/editor/new');
  const title = `Crossed dates ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.locator('#f-enrollmentStartDate').fill('2026-03-01');
  await page.locator('#f-enrollmentEndDate').fill('2026-02-01');
  await page.locator('#f-courseStartDate').fill('2026-03-10');
  await page.locator('#f-courseEndDate').fill('2026-03-09');
  await page.locator('#f-gracePeriodEndDate').fill('2026-03-01');
  const note = 'The API accepts it: check it before applying.';
  await expect(page.locator('#f-enrollmentEndDate-warning')).toHaveText(
    `Enrollment closes before it opens. ${note}`,
  );
  await expect(page.locator('#f-courseEndDate-warning')).toHaveText(
    `The course ends before it starts. ${note}`,
  );
  await expect(page.locator('#f-gracePeriodEndDate-warning')).toHaveText(
    `The grace period ends before the course does. ${note}`,
  );
  await expect(page.locator('#f-courseEndDate')).toHaveAttribute(
    'aria-describedby',
    /f-courseEndDate-warning/,
  );
  await expect(page.locator('#f-courseEndDate-error')).toHaveCount(0);

  // Warnings do not stop an apply: the course is created with its dates as typed.
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page).toHaveURL(/\/editor\/[^/?]+\?created=true/);
  // Read back from the server, the dates are as typed, and still say what to check.
  await expect(page.locator('#f-courseEndDate')).toHaveValue(/^2026-03-09/);
  await expect(page.locator('#f-courseEndDate-warning')).toHaveText(
    `The course ends before it starts. ${note}`,
  );
});
