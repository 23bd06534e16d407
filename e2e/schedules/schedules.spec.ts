// Scheduled actions against the real sandbox: an admin schedules a group's publishing from its page in
// their own time zone, sees it there and on the Schedules page, cancels one; an action due in seconds
// runs once and shows as done with its outcome; other roles read the list without the form.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';

test.use({ timezoneId: 'Europe/Paris' });

test('an admin schedules an action from the group page, sees it on the Schedules page, cancels it', async ({
  page,
  sandbox,
  signInAs,
}) => {
  const [group] = await sandbox.createGroups(1, `Sched ${Date.now()}`);
  await signInAs('admin');
  await page.goto(`/course-groups/${group!.groupId}`);
  const card = page.getByRole('region', { name: 'Scheduled actions', exact: true });
  await expect(card).toContainText('Nothing scheduled');

  await card.getByText('Schedule an action').click();
  await expect(card.getByText('Your time zone: Europe/Paris.')).toBeVisible();
  await card.getByRole('button', { name: 'Schedule publish' }).click();
  await expect(card.getByText('Choose a date and time.')).toBeVisible();
  await card.getByLabel('Date and time').fill('2031-03-04T10:30');
  await card.getByLabel('Note (optional)').fill('Spring launch');
  await card.getByRole('button', { name: 'Schedule publish' }).click();
  const row = card.getByTestId('schedule-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Mar 4, 2031, 10:30 AM GMT+1');
  await expect(row).toContainText('Publish');
  await expect(row).toContainText('Spring launch');
  await expect(row).toContainText('Scheduled');
  await expectNoSeriousA11yViolations(page, 'group page with a scheduled action');
  await card.scrollIntoViewIfNeeded();
  await lookAtDesk(page, 'group-schedules');
  await expectFitsPhone(page, 'group-schedules');

  // Stored in UTC: 10:30 in Paris in March is 09:30Z.
  const listed = await page.request.get(`/api/schedules?groupId=${group!.groupId}`);
  expect((await listed.json()).schedules[0]).toMatchObject({
    runAt: '2031-03-04T09:30:00.000Z',
    timeZone: 'Europe/Paris',
    createdBy: 'admin@lectern.test',
    target: { type: 'courseGroup', id: group!.groupId, title: group!.title },
  });

  await page.goto('/schedules');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedules' })).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming scheduled actions' });
  await expect(upcoming.getByTestId('schedule-row').filter({ hasText: group!.title })).toHaveCount(
    1,
  );
  await lookAtDesk(page, 'schedules');
  await expectFitsPhone(page, 'schedules');

  // Cancel the spring launch from the Schedules page: it leaves Upcoming and never runs.
  await page.getByRole('radio', { name: 'Upcoming' }).check();
  await page.getByRole('button', { name: `Cancel publish of ${group!.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this scheduled action?' });
  await expect(dialog).toContainText(
    `Publish of ${group!.title} on Mar 4, 2031, 10:30 AM GMT+1 will not run.`,
  );
  await dialog.getByRole('button', { name: 'Cancel the action' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Upcoming scheduled actions' })
      .getByTestId('schedule-row')
      .filter({ hasText: group!.title }),
  ).toHaveCount(0);
  await page.getByRole('radio', { name: 'Past' }).check();
  await expect(page.getByTestId('schedule-row').filter({ hasText: group!.title })).toContainText(
    'Cancelled by admin@lectern.test.',
  );
});

test('an action due in two seconds runs once and is listed under Past with its outcome', async ({
  page,
  sandbox,
  signInAs,
  csrfHeaders,
}) => {
  const [other] = await sandbox.createGroups(1, `Sched due ${Date.now()}`);
  await signInAs('admin');
  // Set up through the API: the form takes minutes, and this one is due in seconds.
  const due = await page.request.post('/api/schedules', {
    headers: csrfHeaders,
    data: {
      target: { type: 'courseGroup', id: other!.groupId, title: other!.title, groupId: null },
      action: 'publish',
      runAt: new Date(Date.now() + 2000).toISOString(),
      timeZone: 'Europe/Paris',
    },
  });
  expect(due.status()).toBe(200);
  await expect
    .poll(() => sandbox.courseStatus(other!.courseId), { timeout: 15_000 })
    .toBe('published');
  await expect
    .poll(async () => {
      const past = await page.request.get(`/api/schedules?view=past&targetId=${other!.groupId}`);
      return (await past.json()).schedules;
    })
    .toMatchObject([{ state: 'done', ranLate: false, results: [{ outcome: 'sent' }] }]);

  await page.goto('/schedules');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedules' })).toBeVisible();
  await page.getByRole('radio', { name: 'Past' }).check();
  await expect(page).toHaveURL(/view=past/);
  const ran = page
    .getByRole('region', { name: 'Past scheduled actions' })
    .getByTestId('schedule-row')
    .filter({ hasText: other!.title });
  await expect(ran).toContainText('Done');
  await expect(ran).toContainText(`Published “${other!.title}”.`);
  await expectNoSeriousA11yViolations(page, 'past scheduled actions');
});

test('support reads the schedules without the form or cancel buttons', async ({
  page,
  sandbox,
  signInAs,
  csrfHeaders,
}) => {
  const [group] = await sandbox.createGroups(1, `Sched read ${Date.now()}`);
  await signInAs('admin');
  const created = await page.request.post('/api/schedules', {
    headers: csrfHeaders,
    data: {
      target: { type: 'courseGroup', id: group!.groupId, title: group!.title, groupId: null },
      action: 'archive',
      runAt: '2030-01-01T08:00:00.000Z',
      timeZone: 'UTC',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  await page.context().clearCookies();
  await signInAs('support');
  await page.goto(`/course-groups/${group!.groupId}`);
  const card = page.getByRole('region', { name: 'Scheduled actions', exact: true });
  await expect(card.getByTestId('schedule-row')).toContainText('Archive');
  await expect(card.getByTestId('schedule-row')).toContainText('Jan 1, 2030, 9:00 AM GMT+1');
  await expect(card.getByText('Schedule an action')).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
});

test('an admin schedules a learning path to unpublish; archive is not offered for a path', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  await page.goto('/learning-paths?sku=LP-SALES-100');
  const card = page.getByRole('region', { name: 'Sales Ramp Path' });
  await card.getByText('Schedule an action').click();
  const action = card.getByLabel('Action', { exact: true });
  await expect(action.locator('option')).toHaveText(['Publish', 'Unpublish']);
  await action.selectOption('unpublish');
  await card.getByLabel('Date and time').fill('2030-06-01T09:00');
  await card.getByRole('button', { name: 'Schedule unpublish' }).click();
  const row = card.getByTestId('schedule-row').filter({ hasText: 'Jun 1, 2030, 9:00 AM GMT+2' });
  await expect(row).toContainText('Unpublish');
  await expect(row).toContainText('Learning path');
  await expectNoSeriousA11yViolations(page, 'learning path with a scheduled action');
  // Cancelled again, so the shared path carries nothing into other tests.
  await row.getByRole('button', { name: /^Cancel unpublish of Sales Ramp Path/ }).click();
  await page.getByRole('button', { name: 'Cancel the action' }).click();
  await expect(row).toHaveCount(0);
});
