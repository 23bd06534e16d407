// The outline rows' actions menus load after the outline's first frame (issue 27). Their code is held
// back here: each row shows a look-alike "Actions" button, nothing in the outline moves when the real
// menus arrive (every row's parts compared at 1440 and 390 px), and a menu asked for early, by a press
// on the look-alike or by Shift+F10, opens as the code arrives. Screenshots of both states in the
// test's output folder.
import type { Page } from '@playwright/test';
import { createCourse, outline, row, rowTitle } from '../support/editor.ts';
import { expect, test } from '../support/fixtures.ts';
import { hold } from '../support/held-requests.ts';

const TITLES = ['Section one', 'Lesson one', 'First page', 'Second page'];

/** Where the outline and each row's parts sit. */
async function boxes(page: Page) {
  const found: Record<string, unknown> = { outline: await outline(page).boundingBox() };
  for (const title of TITLES) {
    const at = row(page, title);
    found[title] = await at.boundingBox();
    for (const name of [/^Drag/, /^Actions for/, /^(Section|Lesson|Topic) /])
      found[`${title} ${name.source}`] = await at.getByRole('button', { name }).boundingBox();
  }
  return found;
}

const actions = (page: Page, title: string) =>
  row(page, title).getByRole('button', { name: /^Actions for/ });

async function openEditor(page: Page, courseId: string) {
  const late = hold(page, /\/assets\/(row-menu|menu)-[\w-]+\.js$/); // the rows' menu chunks
  await page.goto(`/editor/${courseId}`);
  await expect(row(page, 'Second page')).toBeVisible();
  await expect(actions(page, 'Second page')).toHaveAttribute('aria-disabled', 'true');
  await expect.poll(late.held).toBeGreaterThan(0);
  return late;
}

test.beforeEach(async ({ signInAs }) => {
  await signInAs('admin');
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px the rows' menus keep their places, then open by pointer and Shift+F10`, async ({
    page,
    sandbox,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    const { courseId } = await createCourse(sandbox, `Late menus ${width} ${Date.now()}`, {
      'Section one': { 'Lesson one': ['First page', 'Second page'] },
    });
    const late = await openEditor(page, courseId);
    const before = await boxes(page);
    await page.screenshot({ path: testInfo.outputPath(`row-menu-${width}-before.png`) });

    late.release();
    await expect(actions(page, 'Second page')).not.toHaveAttribute('aria-disabled');
    await page.screenshot({ path: testInfo.outputPath(`row-menu-${width}-after.png`) });
    expect(await boxes(page)).toEqual(before);

    await actions(page, 'First page').click();
    const menu = page.getByRole('menu', { name: 'Actions for Topic First page' });
    await expect(menu.getByRole('menuitem', { name: 'Open details' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(actions(page, 'First page')).toBeFocused();

    await rowTitle(page, 'Second page').press('Shift+F10');
    await expect(
      page.getByRole('menu', { name: 'Actions for Topic Second page' }).getByRole('menuitem', {
        name: 'Rename',
      }),
    ).toBeVisible();
  });
}

test('a menu asked for before its code arrives opens when it does', async ({ page, sandbox }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { courseId } = await createCourse(sandbox, `Early menus ${Date.now()}`, {
    'Section one': { 'Lesson one': ['First page', 'Second page'] },
  });

  // A press on the look-alike (force: Playwright waits for an enabled button otherwise).
  let late = await openEditor(page, courseId);
  await actions(page, 'First page').click({ force: true });
  await expect(page.getByRole('menu')).toHaveCount(0);
  late.release();
  const first = page.getByRole('menu', { name: 'Actions for Topic First page' });
  await expect(first).toBeVisible();
  await first.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(page.getByRole('textbox', { name: 'Rename Topic First page' })).toBeFocused();
  await page.keyboard.press('Escape');

  // Shift+F10 on a row's title.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  late = await openEditor(page, courseId);
  await rowTitle(page, 'Second page').press('Shift+F10');
  late.release();
  await expect(page.getByRole('menu', { name: 'Actions for Topic Second page' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(actions(page, 'Second page')).toBeFocused();

  // A focused look-alike hands its focus to the real button.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  late = await openEditor(page, courseId);
  await actions(page, 'First page').focus();
  late.release();
  await expect(actions(page, 'First page')).not.toHaveAttribute('aria-disabled');
  await expect(actions(page, 'First page')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu', { name: 'Actions for Topic First page' })).toBeVisible();
});
