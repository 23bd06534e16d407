import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('console shell renders and has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lectern', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Lectern');

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.nodes.length} nodes) ${v.help}`);
  expect(serious).toEqual([]);
});
