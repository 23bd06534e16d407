// The users list (`GET /users`, throttled upstream): pages load as the list scrolls, a 429 is waited
// out for its Retry-After with a visible notice, and every user links to their events.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';

interface UserPage {
  pageInfo: { total: number };
  users: { id: string; email: string; firstName: string; lastName: string }[];
}

test('the users list pages through a 429: the notice shows, then the page arrives', async ({
  page,
  sandbox,
  signInAs,
}) => {
  test.setTimeout(90_000);
  await signInAs('support');
  const first = await sandbox.api<UserPage>('GET', '/users?perPage=25');
  const total = first.pageInfo.total;
  expect(total, 'the demo seed has more than one page of users').toBeGreaterThan(25);
  // One request in four seconds, no burst: the second page arrives only after a 429 and its
  // Retry-After. (At one a second, a scroll request held up behind the layout's late chunks by more
  // than a second found the limit reset and got a 200.)
  await sandbox.settings({ usersRateLimit: { perMinute: 15, burst: 1 } });
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/v2/users') statuses.push(response.status());
  });
  try {
    await page.goto('/users?perPage=25');
    await expect(page.getByTestId('list-count')).toHaveText(`Showing 25 of ${total} users`);
    const row = page.locator('.vtable__body [role="row"]').first();
    const firstUser = first.users[0]!;
    await expect(row).toContainText(`${firstUser.firstName} ${firstUser.lastName}`);
    await expect(row).toContainText(firstUser.email);

    await page.getByTestId('vtable-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(page.getByText(/Throttled, retrying in \d+ s/)).toBeVisible();
    await expect(page.getByTestId('list-count')).toHaveText(
      `Showing ${Math.min(50, total)} of ${total} users`,
    );
    await expect(page.getByText(/Throttled, retrying in/)).toBeHidden();
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
  } finally {
    await sandbox.settings({ usersRateLimit: { perMinute: 120, burst: 20 } });
  }
  await expectNoSeriousA11yViolations(page, 'users');
  await lookAtDesk(page, 'users');
  await expectFitsPhone(page, 'users');
});

test("a user's Events link opens the event monitor filtered to that learner", async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('admin');
  const { users } = await sandbox.api<UserPage>('GET', '/users?perPage=5');
  const user = users[2]!;
  await page.goto('/users');
  const name = `${user.firstName} ${user.lastName}`;
  await page.getByRole('link', { name: `Events of ${name}` }).click();
  await expect(page).toHaveURL(`/events?learner=${user.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Event monitor' })).toBeVisible();
});
