// Bulk imports: rows checked before sending, the job followed to its end on the page and in the jobs
// tray, a failing file's reason, and roles.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';

test('webinar course groups imported from CSV rows: the job is followed to its end', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('admin');
  const stamp = Date.now();
  await page.goto('/imports');
  await page.getByRole('radio', { name: 'Webinar course groups' }).check();
  const rows = page.getByLabel('Rows', { exact: true });
  await rows.fill(
    [
      'title,startDate,priceInCents,meetingUrl,status',
      `Live ${stamp} roadmap,2031-01-10T16:00:00Z,4900,https://meet.example.test/1,published`,
      `Live ${stamp} Q&A,tomorrow,,,`,
    ].join('\n'),
  );
  const problems = page.getByTestId('import-problems');
  await expect(problems).toContainText('1 problem: nothing is sent until they are fixed.');
  await expect(problems).toContainText('Row 2: startDate:');
  await expect(page.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
  await rows.fill(
    [
      'title,startDate,priceInCents,meetingUrl,status',
      `Live ${stamp} roadmap,2031-01-10T16:00:00Z,4900,https://meet.example.test/1,published`,
      `Live ${stamp} Q&A,2031-02-10T16:00:00Z,,,`,
    ].join('\n'),
  );
  await expect(page.getByTestId('import-rows-ok')).toHaveText('2 rows ready (CSV).');
  await expectNoSeriousA11yViolations(page, 'bulk imports form');
  await lookAtDesk(page, 'bulk-imports');
  await expectFitsPhone(page, 'bulk-imports');

  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page).toHaveURL(/\/imports\?job=.+&what=courseGroup\.webinar/);
  const job = page.getByRole('region', { name: 'Import of webinar course groups' });
  await expect(job.getByTestId('import-job-state')).toHaveText('The import completed.', {
    timeout: 20_000,
  });
  await expect(job.locator('.badge')).toHaveText('Completed');
  const groups = await sandbox.api<{ content: { title: string; type: string }[] }>(
    'GET',
    `/content?types[]=courseGroups&query=Live%20${stamp}`,
  );
  expect(groups.content.map((g) => g.title).sort()).toEqual([
    `Live ${stamp} Q&A`,
    `Live ${stamp} roadmap`,
  ]);
  await expectNoSeriousA11yViolations(page, 'bulk import job');
  // The jobs tray follows the same job, under what queued it.
  await page.getByRole('button', { name: /^Jobs/ }).click();
  const card = page.getByTestId('job-card').first();
  await expect(card).toContainText('Import of webinar course groups');
  await expect(card.locator('.badge')).toHaveText('Completed');
  await page.keyboard.press('Escape');
  await job.getByRole('link', { name: 'See the webinar course groups' }).click();
  await expect(page).toHaveURL(/\/course-groups\?kind=webinar/);
});

test('a session import naming an unknown group fails with the reason; nothing is imported', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  await page.goto('/imports');
  await page.getByRole('radio', { name: 'In-person event sessions' }).check();
  await page.getByLabel('Rows', { exact: true }).fill(
    JSON.stringify([
      {
        courseGroupId: '00000000-0000-4000-8000-000000000000',
        startDate: '2031-03-01T09:00:00Z',
      },
    ]),
  );
  await expect(page.getByTestId('import-rows-ok')).toHaveText('1 row ready (JSON).');
  await page.getByRole('button', { name: 'Import 1 row' }).click();
  const job = page.getByRole('region', { name: 'Import of in-person event sessions' });
  await expect(job.getByTestId('import-job-state')).toHaveText(
    'The import failed; nothing was imported.',
    { timeout: 20_000 },
  );
  await expect(job.getByTestId('import-job-reason')).toHaveText(
    'Course groups not found or not of kind inPersonEvent: 00000000-0000-4000-8000-000000000000',
  );
});

test('content managers and support check files but cannot start an import', async ({
  page,
  signInAs,
}) => {
  for (const role of ['contentManager', 'support'] as const) {
    await signInAs(role);
    await page.goto('/imports');
    await page.getByRole('button', { name: 'Insert an example' }).click();
    await expect(page.getByTestId('import-rows-ok')).toHaveText('2 rows ready (CSV).');
    await expect(page.getByRole('button', { name: /^Import|Start import/ })).toHaveCount(0);
    await expect(page.getByText('Bulk imports are started by admins.')).toBeVisible();
    const refused = await page.request.post('/api/v2/content/courseGroup/webinar/bulk', {
      data: { bulkImportAssetPath: 'https://files.example.test/a.json' },
      headers: { 'X-Lectern-Csrf': '1', origin: new URL(page.url()).origin },
    });
    expect(refused.status(), role).toBe(403);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/sign-in/);
  }
});
