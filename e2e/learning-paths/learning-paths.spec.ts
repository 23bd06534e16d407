// Learning paths found by id or SKU, with their milestones and courses (`GET /learningPathMilestones`),
// links to each course and to the path's full content and translations.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';

interface Milestones {
  learningPath: { id: string; title: string; sku: string };
  milestones: { title: string; courses: { id: string; title: string }[] }[];
}

test('a learning path found by SKU shows its milestones and their courses', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('contentManager');
  const expected = await sandbox.api<Milestones>(
    'GET',
    '/learningPathMilestones?learningPathSku=LP-SALES-100',
  );
  await page.goto('/learning-paths');
  await page.getByLabel('Learning path id or SKU').fill('LP-SALES-100');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page).toHaveURL(/\?sku=LP-SALES-100$/);
  const card = page.getByRole('region', { name: 'Sales Ramp Path' });
  await expect(card).toContainText('4 milestones · 5 courses');
  const milestones = card.getByRole('list', { name: 'Milestones' });
  await expect(milestones.locator(':scope > li')).toHaveCount(expected.milestones.length);
  for (const [index, milestone] of expected.milestones.entries()) {
    const item = milestones.locator(':scope > li').nth(index);
    await expect(item.locator('.tree__title')).toHaveText(milestone.title);
    await expect(item.getByRole('link')).toHaveText(milestone.courses.map((c) => c.title));
  }
  // Content managers see the status, not the publish actions.
  await expect(card.getByText('Publishing is done by admins.')).toBeVisible();
  await expect(card.getByRole('button', { name: /publish/i })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'learning path by SKU');
  await lookAtDesk(page, 'learning-path');
  await expectFitsPhone(page, 'learning-path');

  const course = expected.milestones[1]!.courses[0]!;
  await milestones.getByRole('link', { name: course.title }).click();
  await expect(page).toHaveURL(`/content/courses/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await page.goBack();
  await card.getByRole('link', { name: 'Full content' }).click();
  await expect(page).toHaveURL(`/content/learningPaths/${expected.learningPath.id}`);
  await expect(page.getByRole('list', { name: 'Milestones' }).locator(':scope > li')).toHaveCount(
    4,
  );
});

test('lookups: an id from the list, an unknown SKU, and text that is neither', async ({
  page,
  signInAs,
}) => {
  await signInAs('support');
  await page.goto('/learning-paths');
  await page
    .getByRole('region', { name: 'All learning paths' })
    .getByRole('link', { name: 'New Manager Path' })
    .click();
  await expect(page).toHaveURL(/\?id=[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Learning path id or SKU')).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'New Manager Path' })).toContainText(
    'SKU LP-MGR-101',
  );

  await page.getByLabel('Learning path id or SKU').fill('LP-NOPE');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('alert')).toContainText("Learning path with SKU 'LP-NOPE' not found");
  await page.getByLabel('Learning path id or SKU').fill('   ');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(
    page.getByText('Enter the id (a UUID) or the SKU of a learning path.'),
  ).toBeVisible();
});
