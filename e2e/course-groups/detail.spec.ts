// The group detail page: courses with activeOnly, the display course, a course's structure as a
// read-only tree with completion criteria, selection in the URL, and the editor link.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

interface ListItem {
  id: string;
  title: string;
  courseCount: number;
  displayCourseId: string;
}

interface CourseItem {
  id: string;
  title: string;
  status: string;
  isDisplayCourse: boolean;
}

test.beforeEach(async ({ signInAs }) => {
  await signInAs('admin');
});

test('a group with several courses: courses, active only, display course and structure', async ({
  page,
  sandbox,
}) => {
  const list = await sandbox.api<{ courseGroups: ListItem[] }>('GET', '/courseGroups?perPage=100');
  const group = list.courseGroups.find((item) => item.courseCount >= 2);
  expect(group, 'the demo seed has a group with several courses').toBeDefined();
  const { courses } = await sandbox.api<{ courses: CourseItem[] }>(
    'GET',
    `/courseGroups/${group!.id}/courses`,
  );
  const active = await sandbox.api<{ courses: CourseItem[] }>(
    'GET',
    `/courseGroups/${group!.id}/courses?activeOnly=true`,
  );
  const display = courses.find((course) => course.isDisplayCourse)!;

  await page.goto(`/course-groups/${group!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: group!.title })).toBeVisible();
  const table = page.getByRole('table', { name: 'Courses of this group' });
  await expect(table.locator('tbody tr')).toHaveCount(courses.length);

  await page.getByRole('checkbox', { name: 'Active only' }).check();
  await expect(page).toHaveURL(/activeOnly=true/);
  await expect(table.locator('tbody tr')).toHaveCount(active.courses.length || 0);
  await page.getByRole('checkbox', { name: 'Active only' }).uncheck();
  await expect(table.locator('tbody tr')).toHaveCount(courses.length);

  const displayCard = page.getByRole('region', { name: 'Display course' });
  await expect(displayCard).toContainText(display.title);
  // The selected course defaults to the display course.
  await expect(page.getByRole('region', { name: display.title }).first()).toBeVisible();

  const other = courses.find((course) => course.id !== display.id)!;
  await table.getByRole('link', { name: other.title }).click();
  await expect(page).toHaveURL(new RegExp(`course=${other.id}`));
  const selected = page.getByRole('heading', { level: 2, name: other.title });
  await expect(selected).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in editor' })).toHaveAttribute(
    'href',
    `/editor/${other.id}`,
  );
  await page.goBack();
  await expect(page).not.toHaveURL(/course=/);
  await expectNoSeriousA11yViolations(page, 'group detail');
});

test('the structure tree shows sections, lessons, topics and completion criteria', async ({
  page,
  sandbox,
}) => {
  const [group] = await sandbox.createGroups(1, `Structure ${Date.now()}`);
  const structure = await sandbox.api<{
    sections: { title: string; lessons: { title: string; topics: { title: string }[] }[] }[];
  }>('GET', `/courses/${group!.courseId}/structure`);
  await page.goto(`/course-groups/${group!.groupId}`);
  const tree = page.getByRole('list', { name: `Structure of ${group!.title}` });
  await expect(tree).toBeVisible();
  await expect(page.getByText('1 section · 1 lesson · 1 topic')).toBeVisible();
  const section = structure.sections[0]!;
  await expect(tree).toContainText(section.title);
  await expect(tree).toContainText(section.lessons[0]!.title);
  await expect(tree).toContainText(section.lessons[0]!.topics[0]!.title);
  await expect(tree).toContainText('Completes when Topic viewed: “Welcome page”');
  // Words, not wire values: the topic's type and the lesson's open type.
  await expect(tree.locator('.tree__topic .badge').first()).toHaveText('Text');
  await expect(tree).toContainText('Free preview');
  await expect(tree).not.toContainText('open');
  // Collapsing a section hides its lessons (native <details>, keyboard operable).
  const summary = tree.locator('summary').first();
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(tree.getByText(section.lessons[0]!.title)).toBeHidden();
});

test('the learning paths and not-found pages have no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/learning-paths');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning paths' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'All learning paths' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'learning paths');
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'not found');
});
