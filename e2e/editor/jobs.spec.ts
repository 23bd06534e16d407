// The editor's handoff to the jobs tray: a course whose apply queues a background job (an image to
// fetch) shows the job in the tray, followed until it ends, with a link to the course it belongs to;
// the same holds for a job queued by an update of the reopened course.
import type { Page } from '@playwright/test';
import { setAttributes } from '#compiler/index.ts';
import { courseDraft, draftFile } from '../support/editor.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

interface GroupRecord {
  id: string;
  title: string;
  asset: string | null;
  detailAsset: string | null;
}

const CARD_IMAGE = 'https://images.example.test/e2e/editor-card.png';
const DETAIL_IMAGE = 'https://images.example.test/e2e/editor-detail.png';

/** A course whose card image is fetched by a background job once it is created. */
function jobCourseFile(title: string): Buffer {
  const draft = setAttributes(
    courseDraft(title, { 'Start here': { 'First steps': ['Welcome'] } }),
    { asset: CARD_IMAGE, assetAltText: 'A lectern on a stage' },
  );
  draft.sections[0]!.lessons[0]!.topics[0]!.body = '<p>Welcome</p>';
  return draftFile(draft).buffer;
}

const tray = (page: Page) => page.getByRole('dialog', { name: 'Background jobs' });
const jobsButton = (page: Page) => page.getByRole('button', { name: /^Jobs/ });

test.beforeEach(async ({ signInAs, sandbox }) => {
  await signInAs('contentManager');
  // Long enough to see the job before it ends, short enough to wait for its end.
  await sandbox.settings({ jobDelayMs: 1500 });
});

test('a job queued by an apply is followed in the jobs tray and links to the course', async ({
  page,
  sandbox,
}) => {
  const title = `Jobs handoff ${Date.now()}`;
  await page.goto('/editor/new');
  await page.getByLabel('Draft file to import').setInputFiles({
    name: 'course.json',
    mimeType: 'application/json',
    buffer: jobCourseFile(title),
  });
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(jobsButton(page)).not.toContainText(/\d/);

  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByText('Course created.')).toBeVisible({ timeout: 20_000 });
  const courseId = new URL(page.url()).pathname.split('/').pop()!;
  const { courseGroupId: groupId } = await sandbox.api<{ courseGroupId: string }>(
    'GET',
    `/courses/${courseId}/structure`,
  );

  // Tracked while it runs: the button counts it, the tray shows its upload and the course.
  await jobsButton(page).click();
  const card = tray(page).getByTestId('job-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('image');
  const link = card.getByRole('link', { name: `Open “${title}” in the browser` });
  await expect(link).toHaveAttribute('href', `/course-groups/${groupId}?course=${courseId}`);
  await expectNoSeriousA11yViolations(page, 'jobs tray after an editor apply');
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(card).toContainText(CARD_IMAGE);
  await expect(page.getByText(`Uploads for “${title}” finished`)).toBeVisible();
  expect((await sandbox.api<GroupRecord>('GET', `/courseGroups/${groupId}`)).asset).not.toBeNull();

  // The link leads to the course in the browser and closes the tray.
  await link.click();
  await expect(page).toHaveURL(`/course-groups/${groupId}?course=${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(tray(page)).toHaveCount(0);

  // An update of the reopened course that queues a job: a second card, linked the same way.
  await page.goto(`/editor/${courseId}`);
  await page.getByLabel('Detail image URL', { exact: true }).fill(DETAIL_IMAGE);
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('Applied.')).toBeVisible({ timeout: 20_000 });
  await jobsButton(page).click();
  await expect(tray(page).getByTestId('job-card')).toHaveCount(2);
  const latest = tray(page).getByTestId('job-card').first();
  await expect(
    latest.getByRole('link', { name: `Open “${title}” in the browser` }),
  ).toHaveAttribute('href', `/course-groups/${groupId}?course=${courseId}`);
  await expect(latest).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(latest).toContainText(DETAIL_IMAGE);
  const group = await sandbox.api<GroupRecord>('GET', `/courseGroups/${groupId}`);
  expect(group.detailAsset).not.toBeNull();

  // Kept across a reload, link included.
  await page.reload();
  await jobsButton(page).click();
  await expect(tray(page).getByTestId('job-card')).toHaveCount(2);
  await expect(
    tray(page).getByRole('link', { name: `Open “${title}” in the browser` }),
  ).toHaveCount(2);
});
