// Names, not ids: background jobs are titled with the course or group they belong to, in the toasts and
// in the jobs tray, and the audit log shows the titles of what each call touched with the id as a link.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { publishThenReplaceThumbnail } from '../support/group-page.ts';

test('job toasts, the jobs tray and the audit log name the course and group, keeping ids as links', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('admin');
  await sandbox.settings({ jobDelayMs: 500 });
  const [group] = await sandbox.createGroups(1, `Named ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}`);

  // A publish (releaseContent names the course) and a thumbnail (update names the group).
  await publishThenReplaceThumbnail(
    page,
    group!.title,
    'https://images.example.test/catalog/named.png',
  );
  await expect(page.getByText(`Uploads for “${group!.title}” finished`)).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: /Jobs/ }).click();
  const card = page.getByRole('dialog', { name: 'Background jobs' }).getByTestId('job-card');
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(group!.title);
  await expect(
    card.getByRole('link', { name: `Open “${group!.title}” in the browser` }),
  ).toHaveAttribute('href', `/course-groups/${group!.groupId}`);
  await page.keyboard.press('Escape');

  await page.goto('/admin/audit?route=releaseContent');
  const release = page.getByTestId('audit-row').first();
  await expect(release).toContainText(`Course ${group!.title}`);
  await expect(release.getByRole('link', { name: `Course ${group!.courseId}` })).toHaveAttribute(
    'href',
    `/course-groups/${group!.groupId}?course=${group!.courseId}`,
  );

  await page.goto(`/admin/audit?route=${encodeURIComponent('PUT /api/v2/content/course/update')}`);
  const update = page.getByTestId('audit-row').first();
  await expect(update).toContainText(`Course group ${group!.title}`);
  const idLink = update.getByRole('link', { name: `Course group ${group!.groupId}` });
  await expect(idLink).toHaveText(group!.groupId);
  await expectNoSeriousA11yViolations(page, 'audit log with titles');
  await idLink.click();
  await expect(page).toHaveURL(`/course-groups/${group!.groupId}`);
  await expect(page.getByRole('heading', { level: 1, name: group!.title })).toBeVisible();
});
