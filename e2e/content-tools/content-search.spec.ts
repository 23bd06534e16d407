// Content search across every content search type, with type facets, and the content view each result
// opens (`GET /content/{type}/{id}`, and for courses and learning paths `GET /fullContent`).
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';

interface SearchPage {
  pageInfo: { total: number };
  content: { id: string; type: string; title: string }[];
}

test.beforeEach(async ({ signInAs }) => {
  await signInAs('support');
});

test('one search over every type: facets count each type, pick one, open a result', async ({
  page,
  sandbox,
}) => {
  const total = async (type: string) =>
    (await sandbox.api<SearchPage>('GET', `/content?types[]=${type}&query=security&perPage=1`))
      .pageInfo.total;
  const expected = {
    courseGroups: await total('courseGroups'),
    courses: await total('courses'),
    learningPaths: await total('learningPaths'),
  };
  expect(expected.learningPaths).toBe(1);
  expect(expected.courseGroups).toBeGreaterThan(0);

  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search' }).fill('security');
  await expect(page).toHaveURL(/q=security/);
  const all = expected.courseGroups + expected.courses + expected.learningPaths;
  await expect(page.getByTestId('list-count')).toHaveText(
    `Showing ${all} of ${all} results for “security”`,
  );
  for (const [type, count] of Object.entries(expected))
    await expect(page.getByTestId(`facet-count-${type}`)).toHaveText(String(count));
  // Types the sandbox has no items of are searched too, and say so.
  for (const type of ['bundles', 'discountGroups', 'pickableGroups', 'products'])
    await expect(page.getByTestId(`facet-count-${type}`)).toHaveText('0');
  const rows = page.locator('.vtable__body [role="row"]');
  await expect(rows.filter({ hasText: 'Learning path' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Course group' })).toHaveCount(expected.courseGroups);
  await expectNoSeriousA11yViolations(page, 'content search');
  await lookAtDesk(page, 'content-search');
  await expectFitsPhone(page, 'content-search');

  await page.getByRole('checkbox', { name: /Learning paths/ }).check();
  await expect(page).toHaveURL(/types=learningPaths/);
  await expect(page.getByTestId('list-count')).toHaveText('Showing 1 of 1 results for “security”');
  await page.getByRole('link', { name: 'Security Champion Path', exact: true }).click();
  await expect(page).toHaveURL(/\/learning-paths\?id=/);
  await expect(page.getByRole('heading', { name: 'Security Champion Path' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('checkbox', { name: /Learning paths/ })).toBeChecked();
  await page.getByRole('button', { name: 'Search every type' }).click();
  await expect(page).not.toHaveURL(/types=/);
});

test('a type facet ticks as it is clicked, before the URL has caught up', async ({ page }) => {
  await page.goto('/search?q=security');
  await expect(page.getByTestId('list-count')).toBeVisible();
  const box = page.getByRole('checkbox', { name: /Learning paths/ });
  // Read in the same task as the click: the router moves the URL (where the facets live) only later.
  const clickAndRead = () =>
    box.evaluate((element: HTMLInputElement) => {
      element.click();
      return element.checked;
    });
  expect(await clickAndRead()).toBe(true);
  await expect(page).toHaveURL(/types=learningPaths/);
  await expect(box).toBeChecked();
  expect(await clickAndRead()).toBe(false);
  await expect(page).not.toHaveURL(/types=/);
  await expect(box).not.toBeChecked();
});

test('a course opens its content view: body, full content, structure and links', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `Content view ${Date.now()}`);
  await sandbox.api('PUT', '/content/course/update', {
    courseAttributes: {
      courseGroups: [{ id: group!.groupId, description: '<p>Learn <b>stripes</b> fast</p>' }],
      courses: [{ id: group!.courseId, priceInCents: 12_900 }],
    },
  });
  await page.goto(`/search?q=${encodeURIComponent(group!.title)}&types=courses`);
  await page.getByRole('link', { name: `View the content of ${group!.title}` }).click();
  await expect(page).toHaveURL(`/content/courses/${group!.courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: group!.title })).toBeVisible();
  const body = page.getByRole('region', { name: 'Body' });
  await expect(body).toContainText('Learn stripes fast');
  await body.getByText('HTML source').click();
  await expect(body.locator('pre')).toHaveText('<p>Learn <b>stripes</b> fast</p>');
  const course = page.getByRole('region', { name: 'Course' });
  await expect(course).toContainText('$129.00');
  await expect(page.getByRole('region', { name: 'Completion criteria' })).toContainText(
    'Topic viewed: “Welcome page”',
  );
  await expect(page.getByRole('list', { name: `Structure of ${group!.title}` })).toContainText(
    'Lesson one',
  );
  await expectNoSeriousA11yViolations(page, 'content view of a course');
  await lookAtDesk(page, 'content-view');
  await expectFitsPhone(page, 'content-view');
  await course.getByRole('link', { name: group!.title }).click();
  await expect(page).toHaveURL(
    new RegExp(`/course-groups/${group!.groupId}\\?course=${group!.courseId}`),
  );
});

test('a learning path opens its full content with milestones; unknown ids are not found', async ({
  page,
  sandbox,
}) => {
  const found = await sandbox.api<SearchPage>(
    'GET',
    '/content?types[]=learningPaths&query=New%20Manager',
  );
  const path = found.content[0]!;
  await page.goto(`/content/learningPaths/${path.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'New Manager Path' })).toBeVisible();
  const milestones = page.getByRole('list', { name: 'Milestones' });
  await expect(milestones.locator(':scope > li')).toHaveCount(3);
  await expect(milestones).toContainText('Week 1: Getting started');
  await milestones.getByRole('link', { name: 'Welcome to Acme' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Acme' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Course' })).toBeVisible();

  await page.goto('/content/courses/00000000-0000-4000-8000-000000000000');
  const main = page.getByRole('main');
  await expect(main.getByText('Not found', { exact: true })).toBeVisible();
  await expect(main).toContainText('Course 00000000-0000-4000-8000-000000000000 not found');
});
