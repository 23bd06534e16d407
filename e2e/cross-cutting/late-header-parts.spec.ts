// The signed-in header's parts that load after the first page's content (issue 27): the alerts bell, the
// jobs tray, sign-out, the content tools menu and, on a phone, the one menu. Their code is held back here
// until the page's heading shows, to see the stand-ins that keep their places: nothing in the header or
// the page moves when the real parts arrive, and each works the moment it does. Screenshots of both
// states at 1440 and 390 px in the test's output folder.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { hold } from '../support/held-requests.ts';

/** The chunks the header loads late. */
const LATE_PARTS = /\/assets\/(late-header-parts|content-tools-menu|shell-menu)-[\w-]+\.js$/;

/** Where each of these sits on the page. */
async function boxes(page: Page, names: string[]) {
  const header = page.locator('.shell__header');
  const found: Record<string, unknown> = {
    header: await header.boundingBox(),
    heading: await page.getByRole('heading', { level: 1 }).boundingBox(),
  };
  for (const name of names)
    found[name] = await header.getByRole('button', { name, exact: true }).boundingBox();
  return found;
}

test.beforeEach(async ({ signInAs }) => {
  await signInAs('admin');
});

test('at 1440 px the header holds its tools’ places until they load, then each opens', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const late = hold(page, LATE_PARTS);
  await page.goto('/course-groups');
  await expect(page.getByRole('heading', { name: 'Course groups', level: 1 })).toBeVisible();

  // The stand-ins: the same buttons, announced as unavailable.
  const header = page.locator('.shell__header');
  const standIns = ['Content tools', 'Alerts', 'Jobs', 'Sign out'];
  for (const name of standIns)
    await expect(header.getByRole('button', { name, exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  expect(late.held()).toBeGreaterThan(0);
  const before = await boxes(page, ['Content tools', 'Jobs', 'Sign out']);
  await page.screenshot({ path: testInfo.outputPath('header-1440-before.png') });

  late.release();
  const bell = page.getByTestId('alert-bell');
  await expect(bell).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign out' })).not.toHaveAttribute(
    'aria-disabled',
  );
  await expect(header.getByRole('button', { name: 'Jobs' })).not.toHaveAttribute('aria-disabled');
  await expect(header.getByRole('button', { name: 'Content tools' })).not.toHaveAttribute(
    'aria-disabled',
  );
  await page.screenshot({ path: testInfo.outputPath('header-1440-after.png') });
  expect(await boxes(page, ['Content tools', 'Jobs', 'Sign out'])).toEqual(before);

  // Each works.
  await header.getByRole('button', { name: 'Content tools' }).click();
  await expect(page.getByRole('menu', { name: 'Content tools' })).toBeVisible();
  await page.keyboard.press('Escape');
  await bell.click();
  await expect(page.getByRole('dialog', { name: 'Alerts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await header.getByRole('button', { name: 'Jobs' }).click();
  await expect(page.getByRole('dialog', { name: 'Background jobs' })).toBeVisible();
  await page.keyboard.press('Escape');
  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
});

test('at 390 px the menu button holds its place until the menu loads, then opens it', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const late = hold(page, LATE_PARTS);
  await page.goto('/course-groups');
  await expect(page.getByRole('heading', { name: 'Course groups', level: 1 })).toBeVisible();
  const header = page.locator('.shell__header');
  await expect(header.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  const before = await boxes(page, ['Menu', 'Alerts']);
  await page.screenshot({ path: testInfo.outputPath('header-390-before.png') });

  late.release();
  await expect(header.getByRole('button', { name: 'Menu', exact: true })).not.toHaveAttribute(
    'aria-disabled',
  );
  await expect(page.getByTestId('alert-bell')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('header-390-after.png') });
  // The bell's name says how many are unread once loaded; its place is the stand-in's.
  const after = await boxes(page, ['Menu']);
  expect({ ...after, bell: await page.getByTestId('alert-bell').boundingBox() }).toEqual({
    header: before.header,
    heading: before.heading,
    Menu: before.Menu,
    bell: before.Alerts,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await header.getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Jobs' }).click();
  await expect(page.getByRole('dialog', { name: 'Background jobs' })).toBeVisible();
});
