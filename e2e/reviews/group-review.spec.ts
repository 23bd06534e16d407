// Review before publishing a whole course group, against the real sandbox: a content manager requests
// publishing of a group of two courses from its group page (a dialog listing the courses, with a note);
// an admin sees it in the Review queue with each course by title and what changed since it was last
// published, approves it, and both courses are published; the requester reads the outcome on the group
// page. Another group request says what changed in the course renamed before it was made, turns stale
// when another course changes, and is declined only with a comment, which the requester reads.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';

type Sandbox = {
  api: <T>(method: string, path: string, body?: unknown) => Promise<T>;
  createGroups: (count: number, prefix: string) => Promise<{ groupId: string; title: string }[]>;
};

/** A draft group of two courses: the first made by create, the second added by an update. */
async function groupOfTwo(sandbox: Sandbox, prefix: string) {
  const [group] = await sandbox.createGroups(1, `${prefix} ${Date.now()}`);
  await sandbox.api('PUT', '/content/course/update', {
    courseAttributes: { courses: [{ courseGroupId: group!.groupId, title: 'Second session' }] },
  });
  return group!;
}

const statuses = async (sandbox: Sandbox, groupId: string) =>
  (
    await sandbox.api<{ courses: { title: string; status: string }[] }>(
      'GET',
      `/courseGroups/${groupId}/courses`,
    )
  ).courses
    .map((course) => course.status)
    .sort();

test('a content manager requests publishing of a whole group; an admin approves it', async ({
  page,
  sandbox,
  signInAs,
}) => {
  const group = await groupOfTwo(sandbox, 'Group review');
  await signInAs('contentManager');
  await page.goto(`/course-groups/${group.groupId}`);
  const card = page.getByRole('region', { name: 'Review of the whole group' });
  await card.getByRole('button', { name: 'Request publishing of the group' }).click();
  const dialog = page.getByRole('dialog', { name: `Request publishing of “${group.title}”` });
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await expect(dialog).toContainText('Second session');
  await dialog.getByRole('button', { name: 'Request publishing' }).click();
  await expect(dialog.getByText('Say what the reviewer should know.')).toBeVisible();
  await dialog.getByLabel('Note for the reviewer').fill('Both sessions are ready for spring');
  await expectNoSeriousA11yViolations(page, 'group request dialog');
  await lookAtDesk(page, 'group-request-dialog');
  await expectFitsPhone(page, 'group-request-dialog');
  await dialog.getByRole('button', { name: 'Request publishing' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('review-outcome')).toContainText('Waiting for review');
  await expect(card.getByRole('button', { name: 'Request publishing of the group' })).toHaveCount(
    0,
  );

  await signInAs('admin');
  await page.goto('/reviews');
  await expect(page.getByTestId('review-count')).toContainText(/\d/);
  const item = page.getByRole('article', { name: new RegExp(group.title) });
  await expect(item).toContainText('Whole course group');
  await expect(item).toContainText('Both sessions are ready for spring');
  await expect(item).toContainText('Approving publishes each of its 2 courses');
  const courses = item.getByRole('list', { name: `Courses of ${group.title}` });
  await expect(courses.getByRole('listitem')).toHaveCount(2);
  await expect(courses).toContainText('Second session');
  // Made in the sandbox directly: Lectern kept no version of them yet.
  await expect(courses.getByText('Lectern kept no version of this course yet.')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'review queue with a group request');
  await lookAtDesk(page, 'review-queue-group');
  await expectFitsPhone(page, 'review-queue-group');

  await item.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(item).toHaveCount(0);
  expect(await statuses(sandbox, group.groupId)).toEqual(['published', 'published']);
  await page.getByRole('radio', { name: 'Decided' }).check();
  await expect(page.getByRole('article', { name: new RegExp(group.title) })).toContainText(
    '2 items published.',
  );

  await signInAs('contentManager');
  await page.goto(`/course-groups/${group.groupId}`);
  const outcome = page
    .getByRole('region', { name: 'Review of the whole group' })
    .getByTestId('review-outcome');
  await expect(outcome).toContainText('Approved');
  await expect(outcome).toContainText('2 items published.');
});

test('a group request turns stale when a course changes; declining needs a comment', async ({
  page,
  sandbox,
  signInAs,
  csrfHeaders,
}) => {
  const group = await groupOfTwo(sandbox, 'Group stale');
  const listed = (
    await sandbox.api<{ courses: { id: string; title: string }[] }>(
      'GET',
      `/courseGroups/${group.groupId}/courses`,
    )
  ).courses;
  const first = listed.find((course) => course.title !== 'Second session')!;
  const second = listed.find((course) => course.title === 'Second session')!;
  await signInAs('contentManager');
  const rename = async (id: string, title: string) => {
    const renamed = await page.request.put('/api/v2/content/course/update', {
      headers: csrfHeaders,
      data: { courseAttributes: { courses: [{ id, title }] } },
    });
    expect(renamed.status()).toBe(200);
    // Lectern keeps a version of the course it changed.
    await expect
      .poll(async () => {
        const page1 = await page.request.get(`/api/history/courses/${id}/versions?limit=5`);
        return ((await page1.json()) as { versions: unknown[] }).versions.length;
      })
      .toBe(1);
  };
  // Changed through the console before the request: the reviewer reads what changed.
  await rename(first.id, 'Renamed before asking');
  const made = await page.request.post('/api/reviews', {
    headers: csrfHeaders,
    data: {
      target: { type: 'group', groupId: group.groupId, title: group.title },
      note: 'Please publish the group',
    },
  });
  expect(made.status()).toBe(200);
  // Changed after the request: it is stale.
  await rename(second.id, 'Second session, renamed after asking');

  await signInAs('admin');
  await page.goto('/reviews');
  const item = page.getByRole('article', { name: new RegExp(group.title) });
  await expect(item.getByText('Changed since asked').first()).toBeVisible();
  await expect(item).toContainText(
    'The group or one of its courses changed after this request was made',
  );
  // Each course as asked: the first with what changed in words (its first version is the rename),
  // the second marked as changed since.
  const courses = item.getByRole('list', { name: `Courses of ${group.title}` });
  await expect(courses).toContainText('Renamed before asking');
  await expect(courses).toContainText(/Never published; since its first version: .+\./);
  const changed = courses.getByRole('listitem').filter({ hasText: 'Second session' });
  await expect(changed).toContainText('Changed since asked');
  await expect(changed).toContainText('Lectern kept no version of this course yet.');
  await lookAtDesk(page, 'review-queue-group-stale');
  await expectFitsPhone(page, 'review-queue-group-stale');
  await item.getByRole('button', { name: 'Decline' }).click();
  await expect(item.getByText('Say why it is declined: the requester reads it.')).toBeVisible();
  await item.getByLabel('Comment for the requester').fill('The renamed session needs a new intro.');
  await item.getByRole('button', { name: 'Decline' }).click();
  await expect(item).toHaveCount(0);
  expect(await statuses(sandbox, group.groupId)).toEqual(['draft', 'draft']);

  await signInAs('contentManager');
  await page.goto(`/course-groups/${group.groupId}`);
  const card = page.getByRole('region', { name: 'Review of the whole group' });
  const outcome = card.getByTestId('review-outcome');
  await expect(outcome).toContainText('Declined');
  await expect(outcome).toContainText('“The renamed session needs a new intro.”');
  // Declined: a new request may be made.
  await expect(card.getByRole('button', { name: 'Request publishing of the group' })).toBeVisible();
});
