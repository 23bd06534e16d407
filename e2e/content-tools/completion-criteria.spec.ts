// Completion criteria set on 3 courses by the shared bulk runner and read back through
// `GET /courses/{id}/completionCriteria`; a change of the criteria just added; courses left out with
// the reason; roles.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';
import type { SandboxClient } from '../support/sandbox.ts';

interface Criterion {
  id: string;
  type: string;
  coursePercentViewed?: number;
  topicId: string | null;
}

const criteriaOf = (sandbox: SandboxClient, courseId: string) =>
  sandbox
    .api<{ completionCriteria: Criterion[] }>('GET', `/courses/${courseId}/completionCriteria`)
    .then((answer) => answer.completionCriteria);

test('a criterion set on 3 courses, read back, then changed on all three', async ({
  page,
  sandbox,
  signInAs,
}) => {
  const prefix = `Criteria ${Date.now()}`;
  const groups = await sandbox.createGroups(3, prefix);
  await signInAs('admin');
  await page.goto('/completion-criteria');
  await page.getByLabel('Find courses').fill(prefix);
  await page.getByRole('button', { name: 'Add all 3' }).click();
  const picked = page.getByRole('list', { name: 'Picked courses' });
  await expect(picked.locator(':scope > li')).toHaveCount(3);
  // What each course has now, read from the API: the criterion its topic declared at creation.
  for (const group of groups)
    await expect(picked.getByRole('list', { name: `Criteria of ${group.title}` })).toHaveText(
      'Topic viewed: “Welcome page”',
    );

  await page.getByLabel('Completes when').selectOption('coursePercentViewed');
  await page.getByLabel('Pages viewed (%)').fill('150');
  await expect(page.getByTestId('criteria-preview')).toHaveText(
    'Fix the value first: Enter a share from 1 to 100 (%).',
  );
  await page.getByLabel('Pages viewed (%)').fill('75');
  await expect(page.getByTestId('criteria-preview')).toHaveText(
    'Adds “Share of pages viewed: 75%” on 3 courses.',
  );
  await expectNoSeriousA11yViolations(page, 'completion criteria preview');
  await lookAtDesk(page, 'completion-criteria');
  await expectFitsPhone(page, 'completion-criteria');

  await page.getByRole('button', { name: 'Add to 3 courses' }).click();
  await expect(page.getByTestId('bulk-summary')).toHaveText('3 of 3 settled · 3 done · 0 failed');
  // Read back through the console and straight from the API.
  for (const group of groups) {
    await expect(picked.getByRole('list', { name: `Criteria of ${group.title}` })).toContainText(
      'Share of pages viewed: 75%',
    );
    const criteria = await criteriaOf(sandbox, group.courseId);
    expect(criteria.map((c) => [c.type, c.coursePercentViewed])).toEqual([
      ['courseTopicViewed', undefined],
      ['coursePercentViewed', 75],
    ]);
  }
  await expectNoSeriousA11yViolations(page, 'completion criteria after a run');
  await page.getByRole('button', { name: 'Close' }).click();

  // Change the criterion just added on every course to 90%.
  await page.getByRole('radio', { name: 'Change an existing criterion' }).check();
  for (const group of groups)
    await page
      .getByLabel(`Criterion to change in ${group.title}`)
      .selectOption({ label: 'Share of pages viewed: 75%' });
  await page.getByLabel('Pages viewed (%)').fill('90');
  await page.getByRole('button', { name: 'Change on 3 courses' }).click();
  await expect(page.getByTestId('bulk-summary')).toHaveText('3 of 3 settled · 3 done · 0 failed');
  for (const group of groups) {
    await expect(picked.getByRole('list', { name: `Criteria of ${group.title}` })).toContainText(
      'Share of pages viewed: 90%',
    );
    const criteria = await criteriaOf(sandbox, group.courseId);
    expect(criteria.map((c) => [c.type, c.coursePercentViewed])).toEqual([
      ['courseTopicViewed', undefined],
      ['coursePercentViewed', 90],
    ]);
  }
});

test('a course without a fitting topic is left out with the reason; the others are sent', async ({
  page,
  sandbox,
  signInAs,
}) => {
  const prefix = `Criteria topic ${Date.now()}`;
  const groups = await sandbox.createGroups(2, prefix);
  await signInAs('admin');
  await page.goto('/completion-criteria');
  await page.getByLabel('Find courses').fill(prefix);
  await page.getByRole('button', { name: 'Add all 2' }).click();
  await page.getByLabel('Completes when').selectOption('scormComplete');
  // No SCORM topic in these courses: nothing is chosen for them, so they are left out...
  await expect(page.getByTestId('criteria-preview')).toHaveText(
    'Adds “SCORM package complete” on 0 courses; 2 courses left out (see why below).',
  );
  await expect(page.getByRole('list', { name: 'Picked courses' })).toContainText(
    "Left out: No topic chosen: Completion criteria of type 'scormComplete' need a topicId (the topic they refer to).",
  );
  // ...until a topic is chosen for one of them from its other topics.
  await page
    .getByLabel(`Topic of ${groups[0]!.title}`)
    .selectOption({ label: 'Welcome page (Text)' });
  await expect(page.getByTestId('criteria-preview')).toHaveText(
    'Adds “SCORM package complete” on 1 course; 1 course left out (see why below).',
  );
  await page.getByRole('button', { name: 'Add to 1 course' }).click();
  await expect(page.getByTestId('bulk-summary')).toHaveText(
    '2 of 2 settled · 1 done · 0 failed · 1 skipped',
  );
  expect((await criteriaOf(sandbox, groups[0]!.courseId)).map((c) => c.type)).toContain(
    'scormComplete',
  );
  expect((await criteriaOf(sandbox, groups[1]!.courseId)).map((c) => c.type)).not.toContain(
    'scormComplete',
  );
});

test('content managers and support see criteria but cannot set them', async ({
  page,
  sandbox,
  signInAs,
  csrfHeaders,
}) => {
  const [group] = await sandbox.createGroups(1, `Criteria roles ${Date.now()}`);
  for (const role of ['contentManager', 'support'] as const) {
    await signInAs(role);
    await page.goto('/completion-criteria');
    await expect(page.getByText('Changing criteria is done by admins.')).toBeVisible();
    await page.getByLabel('Find courses').fill(group!.title);
    await page.getByRole('button', { name: `Add ${group!.title}` }).click();
    await expect(page.getByRole('list', { name: `Criteria of ${group!.title}` })).toHaveText(
      'Topic viewed: “Welcome page”',
    );
    await expect(page.getByRole('button', { name: /^(Add to|Change on)/ })).toHaveCount(0);
    const refused = await page.request.post('/api/v2/content/completion-criteria/bulk', {
      data: {
        items: [
          { courseId: group!.courseId, type: 'coursePercentViewed', coursePercentViewed: 50 },
        ],
      },
      headers: csrfHeaders,
    });
    expect(refused.status(), role).toBe(403);
    await page.context().clearCookies();
  }
});
