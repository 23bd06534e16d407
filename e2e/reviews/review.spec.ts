// Review before publishing against the real sandbox: a content manager requests publishing of a course
// from its group page with a note; an admin sees the count in the header and the request in the Review
// queue (note, no checks report, what changed), approves it and the course is published; another is
// declined only with a comment, which the requester reads on the group page.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';

async function courseStatus(
  sandbox: { api: <T>(method: string, path: string) => Promise<T> },
  groupId: string,
) {
  const list = await sandbox.api<{ courses: { status: string }[] }>(
    'GET',
    `/courseGroups/${groupId}/courses`,
  );
  return list.courses[0]!.status;
}

test('a content manager requests publishing; an admin approves it from the Review queue', async ({
  page,
  sandbox,
  signInAs,
}) => {
  const [group] = await sandbox.createGroups(1, `Review ${Date.now()}`);
  await signInAs('contentManager');
  await page.goto(`/course-groups/${group!.groupId}`);
  const card = page.getByRole('region', { name: 'Review', exact: true });
  await card.getByRole('button', { name: 'Request publishing' }).click();
  await expect(card.getByText('Say what the reviewer should know.')).toBeVisible();
  await card.getByLabel('Note for the reviewer').fill('Spring catalogue: ready for learners');
  // A reload keeps what was typed and not sent yet.
  await page.reload();
  await expect(card.getByLabel('Note for the reviewer')).toHaveValue(
    'Spring catalogue: ready for learners',
  );
  await card.getByRole('button', { name: 'Request publishing' }).click();
  await expect(card.getByTestId('review-outcome')).toContainText('Waiting for review');
  await expect(card.getByRole('button', { name: 'Request publishing' })).toHaveCount(0);
  // The toast comes once every review read is fresh, after the card shows the request: axe waits for
  // it, or it can catch the toast fading in (a mid-transition colour: the CI failure of 07e1955).
  await expect(page.getByText(`Publishing of ${group!.title} requested`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'group page with a publish request');

  await signInAs('admin');
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await expect(page.getByTestId('review-count')).toContainText(/\d/);
  const item = page.getByRole('article', { name: new RegExp(group!.title) });
  await expect(item).toContainText('Spring catalogue: ready for learners');
  await expect(item).toContainText('Asked by manager@lectern.test');
  await expect(item).toContainText(
    /The course checks found (no errors or warnings|\d+ errors? and \d+ warnings?)\./,
  );
  await expect(item).toContainText('Lectern kept no version of this course yet.');
  await expectNoSeriousA11yViolations(page, 'review queue');
  await lookAtDesk(page, 'review-queue');
  await expectFitsPhone(page, 'review-queue');

  await item.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(item).toHaveCount(0);
  expect(await courseStatus(sandbox, group!.groupId)).toBe('published');
  await page.getByRole('radio', { name: 'Decided' }).check();
  await expect(page.getByRole('article', { name: new RegExp(group!.title) })).toContainText(
    `Published “${group!.title}”.`,
  );

  await signInAs('contentManager');
  await page.goto(`/course-groups/${group!.groupId}`);
  await expect(page.getByTestId('review-outcome')).toContainText('Approved');
  await expect(page.getByTestId('review-outcome')).toContainText(`Published “${group!.title}”.`);
});

test('declining needs a comment, which the requester reads; nothing is published', async ({
  page,
  sandbox,
  signInAs,
  csrfHeaders,
}) => {
  const [group] = await sandbox.createGroups(1, `Decline ${Date.now()}`);
  const courseId = (
    await sandbox.api<{ courses: { id: string }[] }>(
      'GET',
      `/courseGroups/${group!.groupId}/courses`,
    )
  ).courses[0]!.id;
  await signInAs('contentManager');
  const made = await page.request.post('/api/reviews', {
    headers: csrfHeaders,
    data: {
      target: { type: 'course', courseId, groupId: group!.groupId, title: group!.title },
      note: 'Please publish',
    },
  });
  expect(made.status()).toBe(200);

  await signInAs('admin');
  await page.goto('/reviews');
  const item = page.getByRole('article', { name: new RegExp(group!.title) });
  await item.getByRole('button', { name: 'Decline' }).click();
  await expect(item.getByText('Say why it is declined: the requester reads it.')).toBeVisible();
  await item.getByLabel('Comment for the requester').fill('The intro lesson is empty.');
  await item.getByRole('button', { name: 'Decline' }).click();
  await expect(item).toHaveCount(0);
  expect(await courseStatus(sandbox, group!.groupId)).toBe('draft');

  await signInAs('contentManager');
  await page.goto(`/course-groups/${group!.groupId}`);
  const outcome = page.getByTestId('review-outcome');
  await expect(outcome).toContainText('Declined');
  await expect(outcome).toContainText('decided by admin@lectern.test');
  await expect(outcome).toContainText('“The intro lesson is empty.”');
  await lookAtDesk(page, 'review-declined');
});
