// Every screen: each main page at 390x844 (a phone) and at 640 px (200% zoom on a 1280 px screen)
// scrolls only vertically, nothing sticks out of the page's own scroll box, and axe finds no serious or
// critical violation at 390 and at 1440 px. On a narrow screen the navigation, Jobs and Sign out fold
// into one Radix menu button, usable with the keyboard.
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../support/env.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

/** Neither the document nor the console's scrolling main area is wider than the viewport. */
async function expectNoSidewaysScroll(page: Page, width: number, what: string) {
  const widths = await page.evaluate(() => {
    const main = document.querySelector('main');
    return {
      document: document.documentElement.scrollWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
  expect(widths.document, `${what}: document.documentElement.scrollWidth`).toBeLessThanOrEqual(
    width,
  );
  expect(widths.main, `${what}: main area overflow`).toBeLessThanOrEqual(0);
}

interface MainPage {
  name: string;
  path: (ids: Ids) => string;
  /** Something that shows the page has loaded. */
  ready: (page: Page, ids: Ids) => Promise<void>;
}

interface Ids {
  groupId: string;
  groupTitle: string;
  pathId: string;
}

const MAIN_PAGES: MainPage[] = [
  {
    name: 'course groups',
    path: () => '/course-groups',
    ready: (page) => expect(page.getByTestId('list-count')).toBeVisible(),
  },
  {
    name: 'search results',
    path: (ids) => `/course-groups?q=${encodeURIComponent(ids.groupTitle)}&kind=courseGroup`,
    ready: (page) => expect(page.getByTestId('list-count')).toContainText('loaded results'),
  },
  {
    name: 'group page',
    path: (ids) => `/course-groups/${ids.groupId}`,
    ready: (page) => expect(page.getByRole('region', { name: 'Status' })).toBeVisible(),
  },
  {
    name: 'learning paths',
    path: (ids) => `/learning-paths?id=${ids.pathId}`,
    ready: (page) => expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible(),
  },
  {
    name: 'event monitor',
    path: () => '/events',
    ready: (page) => expect(page.getByTestId('monitor-counts')).toBeVisible(),
  },
  {
    name: 'new course',
    path: () => '/editor/new',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'roles',
    path: () => '/admin/roles',
    ready: (page) => expect(page.getByTestId('role-row').first()).toBeVisible(),
  },
  {
    name: 'audit log',
    path: () => '/admin/audit',
    ready: (page) => expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible(),
  },
  {
    name: 'not found',
    path: () => '/course-groups/0b9f6a2e-6c3a-4c64-9d0b-2f8e0e3b1a11',
    ready: (page) => expect(page.getByText('Not found: no course group has this id')).toBeVisible(),
  },
];

/** The phone menu's group of content tools, the same for every role. */
const CONTENT_TOOLS = [
  'Search content',
  'Users',
  'Prices',
  'Completion criteria',
  'Certificate templates',
  'Bulk imports',
];

let ids: Ids;
test.beforeAll(async ({ workerSandbox }) => {
  const [group] = await workerSandbox.createGroups(1, `Phone ${Date.now()}`, {
    status: 'published',
  });
  const paths = await workerSandbox.api<{ content: { id: string }[] }>(
    'GET',
    '/content?types[]=learningPaths&perPage=1',
  );
  ids = { groupId: group!.groupId, groupTitle: group!.title, pathId: paths.content[0]!.id };
});

for (const width of [390, 1440] as const) {
  test(`every main page fits ${width} px and passes axe`, async ({ page, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
    await expectNoSidewaysScroll(page, width, 'sign-in');
    await expectNoSeriousA11yViolations(page, `sign-in at ${width}`);

    await signInAs('admin');
    for (const main of MAIN_PAGES) {
      await page.goto(main.path(ids));
      await main.ready(page, ids);
      await expectNoSidewaysScroll(page, width, main.name);
      await expectNoSeriousA11yViolations(page, `${main.name} at ${width}`);
    }
  });
}

test('at 200% zoom on a 1280 px screen (640 px) every main page scrolls only vertically', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 640, height: 400 });
  await signInAs('admin');
  for (const main of MAIN_PAGES) {
    await page.goto(main.path(ids));
    await main.ready(page, ids);
    await expectNoSidewaysScroll(page, 640, main.name);
  }
  // The header is the compact one: everything is in the menu.
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
});

test("from 1280 px an admin's whole header (seven destinations, Jobs, name, Sign out) sits on one line", async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/course-groups');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveCount(6);
    await expect(nav.getByRole('button', { name: 'Content tools' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const header = await page.locator('header').evaluate((element) => ({
      overflow: element.scrollWidth - element.clientWidth,
      // Height of each destination's words: one line of text, not two.
      textHeights: [...element.querySelectorAll('.nav-link')].map((link) => {
        const range = document.createRange();
        range.selectNodeContents(link);
        return range.getBoundingClientRect().height;
      }),
    }));
    expect(header.overflow, `header overflow at ${width}`).toBe(0);
    for (const height of header.textHeights)
      expect(height, `nav text at ${width}`).toBeLessThan(30);
  }
  await page.setViewportSize({ width: 1279, height: 900 });
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
});

test('on a phone the navigation, Jobs and Sign out are in one menu, by keyboard', async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin');
  await page.goto('/course-groups');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(banner.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  const menuButton = banner.getByRole('button', { name: 'Menu' });
  await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');

  // Keyboard: focus, Enter opens, arrows move, Escape closes and returns focus.
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toContainText(DEMO_ACCOUNTS.admin.email);
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Course groups',
    'Learning paths',
    'Event monitor',
    'New course',
    'Roles',
    'Audit log',
    ...CONTENT_TOOLS,
    'Jobs',
    'Sign out',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Course groups' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoSeriousA11yViolations(page, 'phone menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // A page link. Opening by keyboard puts focus on the first item; arrows pressed before the menu has
  // opened would reach the button instead, as they would for a person who did not wait for it.
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Course groups' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Event monitor' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/events');

  // Jobs opens the tray; closing it returns to the menu button.
  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Jobs' }).click();
  const tray = page.getByRole('dialog', { name: 'Background jobs' });
  await expect(tray).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tray).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Sign out is reachable.
  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByText('Signed out')).toBeVisible();
  expect((await page.request.get('/api/session')).status()).toBe(401);
});

test('on a phone, support users reach Sign out through the menu too', async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('support');
  await page.goto('/events');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('menu', { name: 'Menu' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Course groups',
    'Learning paths',
    'Event monitor',
    ...CONTENT_TOOLS,
    'Jobs',
    'Sign out',
  ]);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('on a phone, the bulk bar stays above the list and its confirmation and progress fit', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin');
  const prefix = `Phone bulk ${Date.now()}`;
  const [deleted] = await sandbox.createGroups(3, prefix);
  sandbox.markCourseDeleted(deleted!.courseId);
  await page.goto(`/course-groups?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByTestId('list-count')).toContainText('Showing 3 of 3');
  await page.getByRole('checkbox', { name: 'Select all loaded results' }).check();

  // The wrapped bar takes its own height: the table starts below it, and its buttons take clicks.
  const publish = page.getByRole('button', { name: 'Publish…', exact: true });
  const bar = await publish.locator('xpath=..').boundingBox();
  const table = await page.getByRole('table', { name: 'Search results' }).boundingBox();
  expect(bar!.y + bar!.height).toBeLessThanOrEqual(table!.y);
  await publish.click();

  const dialog = page.getByRole('dialog', { name: 'Publish 3 course groups' });
  await expect(dialog).toContainText('Not sent: Deleted courses cannot be published.');
  await expectNoSidewaysScroll(page, 390, 'bulk confirmation');
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page, 'bulk confirmation on a phone');
  await dialog.getByRole('button', { name: 'Publish 2 courses' }).click();
  await expect(dialog).toContainText('3 of 3 settled · 2 done · 0 failed · 1 skipped');
  await expectNoSidewaysScroll(page, 390, 'bulk progress');
});
