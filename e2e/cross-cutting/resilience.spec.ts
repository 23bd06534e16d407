// The API client under upstream trouble injected by the sandbox: 429 with Retry-After is waited out
// and shown; 503, connection resets and a failed next page offer a retry that recovers.
import { expect, test } from '../support/fixtures.ts';

test.beforeEach(async ({ signInAs }) => {
  await signInAs('support');
});

test('a 429 is shown as "Throttled, retrying in N s" and recovered from after Retry-After', async ({
  page,
  sandbox,
}) => {
  await sandbox.faults([{ route: '/courseGroups', method: 'GET', status: 429, rate: 1 }]);
  const throttled: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/v2/courseGroups') && response.status() === 429) {
      throttled.push(Number(response.headers()['retry-after']));
    }
  });
  await page.goto('/course-groups');
  const notice = page.getByText(/Throttled, retrying in \d+ s/);
  await expect(notice).toBeVisible();
  expect(throttled[0]).toBe(1);
  await sandbox.clearFaults();
  await expect(page.getByTestId('list-count')).toBeVisible({ timeout: 15_000 });
  await expect(notice).toBeHidden();
  expect(throttled.length).toBeGreaterThanOrEqual(1);
});

test('a 503 shows the upstream message with a retry that recovers', async ({ page, sandbox }) => {
  const [group] = await sandbox.createGroups(1, `Unavailable ${Date.now()}`);
  await sandbox.faults([{ route: `/courseGroups/${group!.groupId}`, status: 503, rate: 1 }]);
  await page.goto(`/course-groups/${group!.groupId}`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The Content API is unavailable');
  await expect(alert).toContainText('HTTP 503');
  await expect(alert).toContainText('Injected fault');
  await sandbox.clearFaults();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: group!.title })).toBeVisible();
});

test('a connection reset becomes a 502 from the console server, with a retry', async ({
  page,
  sandbox,
}) => {
  await sandbox.faults([{ route: '/courseGroups', method: 'GET', reset: true, rate: 1 }]);
  await page.goto('/course-groups?kind=article');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('HTTP 502');
  await sandbox.clearFaults();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('list-count')).toBeVisible();
});

test('a failed next page keeps the loaded rows and offers a retry', async ({ page, sandbox }) => {
  // Enough groups for at least four pages of 25.
  await sandbox.createGroups(60, `Paging ${Date.now()}`);
  await page.goto('/course-groups?perPage=25');
  // The first screen prefetches one page ahead: wait until that settles, then break the upstream.
  await expect(page.getByTestId('list-count')).toHaveText(/^Showing 50 of/);
  await sandbox.faults([{ route: '/courseGroups', method: 'GET', status: 500, rate: 1 }]);
  await page
    .getByTestId('vtable-scroll')
    .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const failure = page.getByRole('alert');
  await expect(failure).toContainText('The next page did not load');
  await expect(failure).toContainText('Injected fault');
  await expect(page.getByTestId('list-count')).toHaveText(/^Showing 50 of/);
  await sandbox.clearFaults();
  await failure.getByRole('button', { name: 'Retry' }).click();
  // The retried page arrives (and, still at the bottom, the one after it may follow).
  await expect(page.getByTestId('list-count')).toHaveText(/^Showing (75|100) of/);
  await expect(failure).toBeHidden();
});
