// The course-group browser: each filter, per-page choice, infinite scroll to the end, search, deep
// links and the back button. Totals are checked against the sandbox itself.
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  recordApiCalls,
  test,
} from '../support/fixtures.ts';
import type { SandboxClient } from '../support/sandbox.ts';

interface PageInfo {
  total: number;
  hasMore: boolean;
}

async function totalOf(sandbox: SandboxClient, query: string): Promise<number> {
  const page = await sandbox.api<{ pageInfo: PageInfo }>('GET', `/courseGroups?perPage=1${query}`);
  return page.pageInfo.total;
}

const count = (page: Page) => page.getByTestId('list-count');
const fmt = (n: number) => n.toLocaleString('en');

test.beforeEach(async ({ signInAs }) => {
  await signInAs('support');
});

test('each filter narrows the list, lives in the URL, and the back button undoes it', async ({
  page,
  sandbox,
}) => {
  await page.goto('/course-groups');
  const all = await totalOf(sandbox, '');
  await expect(count(page)).toHaveText(
    `Showing ${fmt(Math.min(50, all))} of ${fmt(all)} course groups`,
  );

  await page.getByLabel('Kind').selectOption('video');
  await expect(page).toHaveURL(/[?&]kind=video/);
  const videos = await totalOf(sandbox, '&kind=video');
  await expect(count(page)).toHaveText(new RegExp(`of ${fmt(videos)} course groups`));
  for (const kind of await page.locator('.vtable__body .cell--kind').allTextContents())
    expect(kind).toBe('Video');

  await page.getByLabel('Template').selectOption('true');
  await expect(page).toHaveURL(/isTemplate=true/);
  const videoTemplates = await totalOf(sandbox, '&kind=video&isTemplate=true');
  if (videoTemplates === 0) {
    await expect(page.getByText('No course groups match these filters')).toBeVisible();
  } else {
    await expect(count(page)).toHaveText(new RegExp(`of ${fmt(videoTemplates)} course groups`));
  }

  await page.goBack();
  await expect(page).not.toHaveURL(/isTemplate/);
  await expect(page.getByLabel('Template')).toHaveValue('any');
  await expect(count(page)).toHaveText(new RegExp(`of ${fmt(videos)} course groups`));
  await page.goBack();
  await expect(page.getByLabel('Kind')).toHaveValue('');
  await expect(count(page)).toHaveText(new RegExp(`of ${fmt(all)} course groups`));

  await page.getByLabel('Template').selectOption('true');
  const templates = await totalOf(sandbox, '&isTemplate=true');
  expect(templates).toBeGreaterThan(0);
  await expect(count(page)).toHaveText(
    `Showing ${fmt(templates)} of ${fmt(templates)} course groups`,
  );
  for (const cell of await page.locator('.vtable__body .cell--template').allTextContents()) {
    expect(cell).toBe('Template');
  }
  await page.getByLabel('Template').selectOption('false');
  await expect(page).toHaveURL(/isTemplate=false/);
  await expect(count(page)).toHaveText(
    new RegExp(`of ${fmt(await totalOf(sandbox, '&isTemplate=false'))} course groups`),
  );

  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByLabel('Archived').selectOption('true');
  await expect(page).toHaveURL(/archived=true/);
  const archived = await totalOf(sandbox, '&archived=true');
  expect(archived).toBeGreaterThan(0);
  await expect(count(page)).toHaveText(new RegExp(`of ${fmt(archived)} course groups`));
  await page.getByLabel('Archived').selectOption('false');
  await expect(count(page)).toHaveText(
    new RegExp(`of ${fmt(await totalOf(sandbox, '&archived=false'))} course groups`),
  );
});

test('a shared URL opens the same filtered view', async ({ page, sandbox }) => {
  await page.goto('/course-groups?kind=article&archived=false&perPage=25');
  await expect(page.getByLabel('Kind')).toHaveValue('article');
  await expect(page.getByLabel('Archived')).toHaveValue('false');
  await expect(page.getByLabel('Per page')).toHaveValue('25');
  const total = await totalOf(sandbox, '&kind=article&archived=false');
  await expect(count(page)).toHaveText(
    `Showing ${fmt(Math.min(25, total))} of ${fmt(total)} course groups`,
  );
  // A hand-edited URL with an unknown value falls back to the default instead of failing.
  await page.goto('/course-groups?kind=spaceship&perPage=7');
  await expect(page.getByLabel('Kind')).toHaveValue('');
  await expect(page.getByLabel('Per page')).toHaveValue('50');
});

test('infinite scroll walks the cursor chain to the end of a 500-group catalog', async ({
  page,
  sandbox,
}) => {
  test.setTimeout(120_000);
  const prefix = `Catalog ${Date.now()}`;
  await sandbox.createGroups(500, prefix);
  const total = await totalOf(sandbox, '');
  expect(total).toBeGreaterThanOrEqual(500);
  const calls = recordApiCalls(page, /^\/api\/v2\/courseGroups$/);

  await page.goto('/course-groups?perPage=50');
  await expect(count(page)).toHaveText(`Showing 50 of ${fmt(total)} course groups`);
  const scroller = page.getByTestId('vtable-scroll');
  const end = page.getByTestId('list-end');
  for (let i = 0; i < 200 && !(await end.isVisible()); i++) {
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await page.waitForTimeout(50);
  }
  await expect(end).toHaveText(`All ${fmt(total)} course groups loaded`);
  await expect(count(page)).toHaveText(`Showing ${fmt(total)} of ${fmt(total)} course groups`);
  // The end row is there as soon as the last page is: the rows that page brought are drawn once they
  // are scrolled into view.
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(page.getByRole('link', { name: `${prefix} 0500` })).toBeInViewport();
  // Only the rows in view exist in the DOM, whatever has been loaded.
  expect(await page.locator('.vtable__body [role="row"]').count()).toBeLessThan(80);

  // One request per page; the first without a cursor, then each with the previous page's cursor, and
  // none after `hasMore: false`.
  const pages = Math.ceil(total / 50);
  expect(calls).toHaveLength(pages);
  expect(calls[0]!.url).not.toContain('cursor=');
  for (const call of calls.slice(1)) expect(call.url).toMatch(/cursor=/);
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await page.waitForTimeout(300);
  expect(calls).toHaveLength(pages);
});

test('search finds groups by title through /content, and back returns to the list', async ({
  page,
  sandbox,
}) => {
  const unique = `Zebra quantum ${Date.now()}`;
  const [created] = await sandbox.createGroups(1, unique);
  const calls = recordApiCalls(page, /^\/api\/v2\/content$/);
  await page.goto('/course-groups?kind=courseGroup');
  await page.getByRole('searchbox', { name: 'Search titles' }).fill(unique);
  await expect(page).toHaveURL(/q=Zebra/);
  // The kind filter stays on: the browser applies it to the loaded results.
  await expect(count(page)).toHaveText(
    `Showing 1 of 1 loaded results for “${unique}” (1 match the text)`,
  );
  expect(calls.at(-1)!.url).toContain('types%5B%5D=courseGroups');
  expect(calls.at(-1)!.url).toContain(`query=${encodeURIComponent(unique).replace(/%20/g, '+')}`);
  await expect(page.getByLabel('Kind')).toHaveValue('courseGroup');
  // The kind in words, not the wire value (`courseGroup`).
  const result = page.getByRole('row').filter({ hasText: created!.title });
  await expect(result.locator('[data-label="Kind"]')).toHaveText('Course');
  await expect(result).not.toContainText('courseGroup');
  await expectNoSeriousA11yViolations(page, 'search results');

  await page.getByRole('link', { name: created!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/course-groups/${created!.groupId}`));
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search titles' })).toHaveValue(unique);
  await expect(count(page)).toHaveText(
    `Showing 1 of 1 loaded results for “${unique}” (1 match the text)`,
  );
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search titles' })).toHaveValue('');
  await expect(page.getByLabel('Kind')).toHaveValue('courseGroup');

  await page.getByRole('searchbox', { name: 'Search titles' }).fill('no such title anywhere 9x9');
  await expect(page.getByText('No course groups match “no such title anywhere 9x9”')).toBeVisible();
});

test('slug lookup opens the group, and an unknown slug shows the API message', async ({
  page,
  sandbox,
}) => {
  const [created] = await sandbox.createGroups(1, `Slug target ${Date.now()}`);
  const { slug } = await sandbox.group(created!.groupId);
  await page.goto('/course-groups');
  await page.getByLabel('Open by slug').fill('no-such-slug-at-all');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('no-such-slug-at-all');
  await page.getByLabel('Open by slug').fill(slug);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/course-groups/${created!.groupId}$`));
  await expect(page.getByRole('heading', { level: 1, name: created!.title })).toBeVisible();
});

test('the browser has no serious accessibility violations', async ({ page }) => {
  await page.goto('/course-groups');
  await expect(count(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'course-group browser');
});
