// Saved views: the "Saved views" control of the event monitor, the course-group browser and the audit
// log (save, apply, update with changed filters, manage), views shared with a role as their colleagues
// see them (apply and pin, not change), pins in the navigation on a wide screen and on a phone.
import type { APIRequestContext, Page } from '@playwright/test';
import type { SavedView } from '#contract/console/saved-views.ts';
import { colleaguePage, guideShot } from '../support/colleagues.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, PHONE } from '../support/layout.ts';

const viewsButton = (page: Page) => page.getByTestId('saved-views-button');
// The open menu (Radix names it after its trigger, which says the view shown).
const menu = (page: Page) => page.getByRole('menu');

async function listViews(request: APIRequestContext): Promise<SavedView[]> {
  const response = await request.get('/api/saved-views');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { views: SavedView[] }).views;
}

test('support saves the monitor’s filters as a view for support, pins it, opens it from the navigation and updates it', async ({
  page,
  signInAs,
  csrfHeaders,
}) => {
  const name = `Failed quizzes ${Date.now()}`;
  await signInAs('support');
  await page.goto('/events?kinds=quizAttempt&learner=ada');
  await expect(viewsButton(page)).toHaveText(/Saved views/);

  await viewsButton(page).click();
  await menu(page).getByRole('menuitem', { name: 'Save current filters as a view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save a view of the event monitor' });
  await dialog.getByLabel('Name').fill(name);
  await dialog
    .getByLabel('Who can see it')
    .selectOption({ label: 'Support (everyone with the role)' });
  await dialog.getByLabel('Pin it in my navigation').check();
  await expectNoSeriousA11yViolations(page, 'save view dialog');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(viewsButton(page)).toHaveText(`View: ${name}▾`);

  const saved = (await listViews(page.request)).find((view) => view.name === name)!;
  expect(saved).toMatchObject({
    screen: 'eventMonitor',
    search: { kinds: 'quizAttempt', learner: 'ada' },
    sharedWith: 'support',
    pinned: true,
    canChange: true,
  });

  // Pinned: the header's menu opens the monitor with the view's filters from any page.
  await page.goto('/course-groups');
  await page.getByTestId('pinned-views-menu').click();
  await page.getByRole('menuitem', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(/\/events\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
    kinds: 'quizAttempt',
    learner: 'ada',
  });
  await expect(viewsButton(page)).toHaveText(`View: ${name}▾`);

  // A changed filter marks the view changed; updating it stores the new filters.
  await page.getByLabel('Learner', { exact: true }).fill('grace');
  await expect(viewsButton(page)).toHaveText(`View: ${name} (changed)▾`);
  await viewsButton(page).click();
  await menu(page)
    .getByRole('menuitem', { name: `Update “${name}” with these filters` })
    .click();
  await expect(page.getByText(`Updated “${name}” with the current filters`)).toBeVisible();
  await expect(viewsButton(page)).toHaveText(`View: ${name}▾`);
  const updated = (await listViews(page.request)).find((view) => view.id === saved.id)!;
  expect(updated.search).toEqual({ kinds: 'quizAttempt', learner: 'grace' });
  expect(updated.version).toBe(saved.version + 1);

  const removed = await page.request.delete(
    `/api/saved-views/${saved.id}?version=${updated.version}`,
    { headers: csrfHeaders },
  );
  expect(removed.status()).toBe(204);
});

test('a view an admin shares with content managers: they apply and pin it but cannot change it; renamed, it follows', async ({
  page,
  browser,
  baseURL,
  signInAs,
  csrfHeaders,
}) => {
  const name = `Articles ${Date.now()}`;
  await signInAs('admin');
  const created = await page.request.post('/api/saved-views', {
    headers: csrfHeaders,
    data: {
      screen: 'courseGroups',
      name,
      search: { kind: 'article' },
      sharedWith: 'contentManager',
    },
  });
  expect(created.status()).toBe(201);
  const view = (await created.json()) as SavedView;

  // A content manager, in a browser of their own.
  const colleague = await colleaguePage(browser, {
    baseURL: baseURL!,
    role: 'contentManager',
    csrfHeaders,
  });
  await colleague.goto('/course-groups');
  await viewsButton(colleague).click();
  const group = menu(colleague)
    .getByRole('group')
    .filter({ hasText: 'Shared with content managers' });
  await group.getByRole('menuitem', { name }).click();
  await expect(colleague).toHaveURL(/[?&]kind=article/);
  await expect(viewsButton(colleague)).toHaveText(`View: ${name}▾`);

  await viewsButton(colleague).click();
  await menu(colleague).getByRole('menuitem', { name: 'Manage views…' }).click();
  const manager = colleague.getByRole('dialog', { name: 'Manage saved views' });
  const row = manager.getByTestId('saved-view-row').filter({ hasText: name });
  await expect(row).toContainText('only its owner or an admin can change it');
  await expect(row.getByRole('textbox')).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await row.getByRole('button', { name: `Pin “${name}”` }).click();
  await expect(row.getByRole('button', { name: `Unpin “${name}”` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoSeriousA11yViolations(colleague, 'manage views dialog');
  await colleague.keyboard.press('Escape');
  await expect(colleague.getByTestId('pinned-views-menu')).toBeVisible();

  // The server refuses what the screen does not offer.
  const refused = await colleague.request.put(`/api/saved-views/${view.id}`, {
    headers: csrfHeaders,
    data: { version: view.version, name: 'Mine now' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({
    message: `Refused: “${name}” is shared with content managers; only an admin, or its owner while one of content managers, can rename it.`,
  });

  // The admin renames it in the manager; the colleague's pinned entry follows.
  await page.goto('/course-groups?kind=article');
  await expect(viewsButton(page)).toHaveText(`View: ${name}▾`);
  await viewsButton(page).click();
  await menu(page).getByRole('menuitem', { name: 'Manage views…' }).click();
  // The row's name field, by the id its label points at (its value changes as it is typed into).
  const input = page
    .getByRole('dialog', { name: 'Manage saved views' })
    .locator(`#view-name-${view.id}`);
  await expect(input).toHaveAccessibleName('Name of the view');
  await input.fill(`${name} (renamed)`);
  await input.press('Enter');
  await expect(page.getByText(`Renamed to “${name} (renamed)”`)).toBeVisible();

  await colleague.reload();
  await colleague.getByTestId('pinned-views-menu').click();
  await expect(
    colleague.getByRole('menuitem', { name: new RegExp(`${name} \\(renamed\\)`) }),
  ).toBeVisible();
  await colleague.context().close();

  const renamed = (await listViews(page.request)).find((item) => item.id === view.id)!;
  const removed = await page.request.delete(
    `/api/saved-views/${view.id}?version=${renamed.version}`,
    { headers: csrfHeaders },
  );
  expect(removed.status()).toBe(204);
});

test('audit log views: an admin saves one and deletes it after a confirmation; on a phone the manager fits and pins show in the menu', async ({
  page,
  signInAs,
}) => {
  const name = `Refused calls ${Date.now()}`;
  await signInAs('admin');
  await page.goto('/admin/audit?status=4xx');
  await viewsButton(page).click();
  await menu(page).getByRole('menuitem', { name: 'Save current filters as a view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save a view of the audit log' });
  await dialog.getByLabel('Name').fill(name);
  // The audit log is for admins: a view of it can be shared with admins only.
  await expect(dialog.getByLabel('Who can see it').locator('option')).toHaveText([
    'Only me',
    'Admin (everyone with the role)',
  ]);
  await dialog.getByLabel('Pin it in my navigation').check();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(viewsButton(page)).toHaveText(`View: ${name}▾`);

  // The same name again is refused with a reason, and nothing typed is lost.
  await viewsButton(page).click();
  await menu(page).getByRole('menuitem', { name: 'Save current filters as a view…' }).click();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toContainText(
    `You already have a view named “${name}” for the audit log. Choose another name, or overwrite that view.`,
  );
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await page.keyboard.press('Escape');

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: /^Menu/ }).click();
  await expect(page.getByRole('menuitem', { name: new RegExp(name) })).toBeVisible();
  await page.keyboard.press('Escape');
  await viewsButton(page).click();
  await menu(page).getByRole('menuitem', { name: 'Manage views…' }).click();
  const manager = page.getByRole('dialog', { name: 'Manage saved views' });
  await expect(manager).toBeVisible();
  await expectFitsPhone(page, 'saved-views-manager');

  const row = manager
    .getByTestId('saved-view-row')
    .filter({ has: page.locator(`input[value="${name}"]`) });
  await row.getByRole('button', { name: `Delete “${name}”` }).click();
  await row.getByRole('button', { name: 'Delete for everyone' }).click();
  await expect(page.getByText(`Deleted the view “${name}”`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await listViews(page.request)).some((view) => view.name === name)).toBe(false);
});

test('guide screenshot: the monitor’s views menu', async ({ page, signInAs, csrfHeaders }) => {
  test.skip(!process.env.LECTERN_SCREENSHOTS, 'set LECTERN_SCREENSHOTS=1 to refresh the guide');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs('support');
  const ids: string[] = [];
  for (const [name, search, sharedWith] of [
    ['Failed quizzes this week', { kinds: 'quizAttempt' }, 'support'],
    ['Completions and certificates', { kinds: 'courseCompletion,courseCertificate' }, 'support'],
    ['Ada’s activity', { learner: 'ada' }, null],
  ] as const) {
    const response = await page.request.post('/api/saved-views', {
      headers: csrfHeaders,
      data: { screen: 'eventMonitor', name, search, sharedWith },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as SavedView).id);
  }
  await page.goto('/events?kinds=quizAttempt');
  await viewsButton(page).click();
  await expect(menu(page)).toBeVisible();
  await guideShot(page, 'saved-views-menu');
  await page.keyboard.press('Escape');
  await page.setViewportSize(PHONE);
  await viewsButton(page).click();
  await menu(page).getByRole('menuitem', { name: 'Manage views…' }).click();
  await expect(page.getByRole('dialog', { name: 'Manage saved views' })).toBeVisible();
  await guideShot(page, 'phone-saved-views');
  for (const id of ids)
    await page.request.delete(`/api/saved-views/${id}?version=1`, { headers: csrfHeaders });
});
