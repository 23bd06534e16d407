// The outline's row menus and dialogs, at 1440 x 900: duplicate, move up and down and "Move to…" under
// the same rules as a drop, hiding a saved section, changing the kind of a new course, and axe with
// every menu and dialog open.
import type { Page } from '@playwright/test';
import {
  createCourse,
  outline,
  row,
  rowTitle,
  rowTitles,
  shape,
  structureOf,
} from '../support/editor.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ signInAs }) => {
  await signInAs('admin');
});

const menuOf = async (page: Page, title: string) => {
  await row(page, title)
    .getByRole('button', { name: /^Actions for/ })
    .click();
  return page.getByRole('menu', {
    name: `Actions for ${(await rowTitle(page, title).getAttribute('aria-label'))!.split(',')[0]}`,
  });
};
const notice = (page: Page) => outline(page).locator('..').locator('.tree-notice');

test('titles stay whole, and each row says in words whether it is new, saved or changed', async ({
  page,
  sandbox,
}) => {
  const long = 'Understanding the customer journey today'; // 40 characters
  const { courseId } = await createCourse(sandbox, `Long titles ${Date.now()}`, {
    [long]: { [`${long.slice(0, 39)}s`]: [`${long.slice(0, 38)}ly`, 'Short'] },
  });
  await page.goto(`/editor/${courseId}`);
  for (const title of [long, `${long.slice(0, 39)}s`, `${long.slice(0, 38)}ly`]) {
    const text = row(page, title).locator('.tree-row__text');
    await expect(text).toHaveText(title);
    // Shown whole: not cut by an ellipsis.
    expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await expect(rowTitle(page, 'Short')).toHaveAccessibleName('Topic Short, Saved, unchanged');
  // The state icon explains itself on hover.
  await row(page, 'Short').locator('.tree-row__state').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Saved, unchanged');
  await rowTitle(page, 'Short').press('F2');
  await page.keyboard.type('Shorter');
  await page.keyboard.press('Enter');
  await expect(rowTitle(page, 'Shorter')).toHaveAccessibleName(
    'Topic Shorter, Changed: sent when you apply',
  );
});

test('the row menu: duplicate names and selects the copy; moves follow the rules of a drop', async ({
  page,
  sandbox,
}) => {
  const { courseId } = await createCourse(sandbox, `Row menu ${Date.now()}`, {
    'Section one': { 'Lesson one': ['First page', 'Second page'], 'Lesson two': [] },
  });
  await page.goto(`/editor/${courseId}`);
  const menu = await menuOf(page, 'First page');
  await expect(menu.getByRole('menuitem')).toHaveText([
    /Open details/,
    /Rename/,
    /Add topic after/,
    /Duplicate/,
    /Move up/,
    /Move down/,
    /Move to…/,
    /Move to “Unused”…/,
  ]);
  await expectNoSeriousA11yViolations(page, 'the row menu');
  await menu.getByRole('menuitem', { name: 'Duplicate' }).click();
  // The copy is new, so the API puts it after the saved topics: it goes there, selected.
  await expect(page.getByRole('heading', { name: 'Topic: First page (copy)' })).toBeVisible();
  await expect(rowTitle(page, 'First page (copy)')).toBeFocused();
  expect(await rowTitles(page)).toEqual([
    'Section one',
    'Lesson one',
    'First page',
    'Second page',
    'First page (copy)',
    'Lesson two',
  ]);

  // Up, between the saved topics: refused at the row, with the drop's explanation.
  await page.keyboard.press('Alt+ArrowUp');
  await expect(notice(page)).toContainText(
    'Saved topics cannot be reordered within their lesson; moved and new topics are added after them',
  );
  await expect(notice(page).getByRole('alert')).toBeVisible();
  await notice(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice(page)).toHaveCount(0);
  await expect(rowTitle(page, 'First page (copy)')).toBeFocused();

  // Down from the end of its lesson: into the next lesson.
  const copyMenu = await menuOf(page, 'First page (copy)');
  await copyMenu.getByRole('menuitem', { name: 'Move down' }).click();
  await expect
    .poll(() => rowTitles(page))
    .toEqual([
      'Section one',
      'Lesson one',
      'First page',
      'Second page',
      'Lesson two',
      'First page (copy)',
    ]);
  await expect(page.getByRole('status').filter({ hasText: /^Moved/ })).toHaveText(
    'Moved Topic “First page (copy)” to position 1 in Lesson “Lesson two”.',
  );
  // The first section has nowhere to go up to.
  const sectionMenu = await menuOf(page, 'Section one');
  await expect(sectionMenu.getByRole('menuitem', { name: 'Move up' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(
    rowTitle(page, 'Section one')
      .locator('..')
      .getByRole('button', { name: /^Actions/ }),
  ).toBeFocused();

  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('Applied.')).toBeVisible({ timeout: 20_000 });
  expect(shape(await structureOf(sandbox, courseId))).toEqual([
    [
      'Section one',
      [
        ['Lesson one', ['First page', 'Second page']],
        ['Lesson two', ['First page (copy)']],
      ],
    ],
  ]);
});

test('"Move to…" picks the lesson and the place from lists, places the API cannot make disabled', async ({
  page,
  sandbox,
}) => {
  const { courseId } = await createCourse(sandbox, `Move to ${Date.now()}`, {
    'Section one': { 'Lesson one': ['First page', 'Second page'] },
    'Section two': { 'Lesson two': ['Third page'] },
  });
  await page.goto(`/editor/${courseId}`);
  await (await menuOf(page, 'Second page')).getByRole('menuitem', { name: 'Move to…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Topic “Second page”' });
  const lesson = dialog.getByLabel('Into which lesson');
  const place = dialog.getByLabel('Position');
  await expect(lesson).toBeFocused();
  await expect(lesson.locator('option')).toHaveText([
    'Section “Section one” › Lesson “Lesson one” (where it is now)',
    'Section “Section two” › Lesson “Lesson two”',
  ]);
  // In its own lesson the saved topic can stay where it is, nowhere else.
  await expect(place.locator('option:not([disabled])')).toHaveText([
    'At the bottom (after Topic “First page”) (where it is now)',
  ]);
  await expect(dialog).toContainText('Unavailable places: Saved topics cannot be reordered');
  await expectNoSeriousA11yViolations(page, 'the Move to… dialog');
  await lesson.selectOption({ label: 'Section “Section two” › Lesson “Lesson two”' });
  await expect(place.locator('option')).toHaveText([
    'At the top of the lesson',
    'At the bottom (after Topic “Third page”)',
  ]);
  await expect(place.locator('option[disabled]')).toHaveText(['At the top of the lesson']);
  await expect(place).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowTitle(page, 'Second page')).toBeFocused();
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('Applied.')).toBeVisible({ timeout: 20_000 });
  expect(shape(await structureOf(sandbox, courseId))).toEqual([
    ['Section one', [['Lesson one', ['First page']]]],
    ['Section two', [['Lesson two', ['Third page', 'Second page']]]],
  ]);
});

test('a saved section is hidden from learners instead of deleted, and shown as hidden', async ({
  page,
  sandbox,
}) => {
  const { courseId } = await createCourse(sandbox, `Hide ${Date.now()}`, {
    'Old section': { 'Old lesson': ['Old page'] },
    'Current section': { 'Current lesson': ['Page'] },
  });
  await page.goto(`/editor/${courseId}`);
  await rowTitle(page, 'Old section').press('Delete');
  const dialog = page.getByRole('dialog', { name: 'Hide Section “Old section” from learners?' });
  await expect(dialog).toContainText('its release date becomes 31 December 9999');
  await dialog.getByRole('button', { name: 'Hide from learners' }).click();
  await expect(row(page, 'Old section')).toContainText('Hidden from learners');
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('Applied.')).toBeVisible({ timeout: 20_000 });
  const structure = await structureOf(sandbox, courseId);
  expect(structure.sections.map((s) => [s.title, s.releaseDate])).toEqual([
    ['Old section', '9999-12-31T00:00:00.000Z'],
    ['Current section', null],
  ]);
});

test('changing the kind of a new course asks first and says what it drops', async ({ page }) => {
  await page.goto('/editor/new');
  await page.getByLabel('Title', { exact: true }).fill(`Kind change ${Date.now()}`);
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('a');
  await page.keyboard.press('Enter');
  await page.keyboard.press('a');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const kind = page.getByLabel('Kind of course');
  await kind.selectOption('video');
  const dialog = page.getByRole('dialog', { name: 'Change to Video?' });
  await expect(dialog).toContainText('removes 1 section, 1 lesson and 2 topics from the draft');
  await expectNoSeriousA11yViolations(page, 'the kind change dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(kind).toHaveValue('courseGroup');
  await expect(row(page, 'Topic 2')).toBeVisible();
  await kind.selectOption('video');
  await dialog.getByRole('button', { name: 'Change to Video' }).click();
  await expect(page.getByText('A course of kind “Video” has no outline')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, 'Topic 2')).toBeVisible();
  await expect(kind).toHaveValue('courseGroup');
});

test('every choice shows words, not wire values; the JSON keeps the wire values', async ({
  page,
}) => {
  await page.goto('/editor/new');
  await page.getByLabel('Title', { exact: true }).fill(`Words ${Date.now()}`);
  await expect(page.getByLabel('Kind of course').locator('option')).toHaveText([
    'Course',
    'Micro-course',
    'Article',
    'Video',
    'SCORM package',
  ]);
  await expect(page.getByLabel('Status').locator('option')).toContainText(['Draft', 'Published']);
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('a');
  await page.keyboard.press('Enter');
  await rowTitle(page, 'Lesson 1').click();
  await expect(page.getByLabel('Who can open it').locator('option')).toHaveText([
    '(not set)',
    'Enrolled learners only',
    'Free preview',
    'Email required',
  ]);
  await page.getByLabel('Who can open it').selectOption({ label: 'Free preview' });
  await rowTitle(page, 'Lesson 1').press('a');
  await page.keyboard.press('Enter');
  await rowTitle(page, 'Topic 1').click();
  const types = await page.getByLabel('Topic type').locator('option').allTextContents();
  expect(types).toContain('PDF');
  expect(types).toContain('External survey');
  const criteria = await page.getByLabel('Criterion').locator('option').allTextContents();
  expect(criteria).toContain('Share of pages viewed');
  for (const text of [...types, ...criteria])
    expect(text, 'a wire value shown as a choice').not.toMatch(/^[a-z]+[A-Z]\w*$/);
  await page.getByRole('checkbox', { name: 'Show the JSON requests' }).check();
  await expect(page.getByLabel('JSON requests', { exact: true })).toContainText(
    '"openType": "open"',
  );
});

test('problems: a sentence under the field and in the list, the API message kept; counters count down', async ({
  page,
}) => {
  await page.goto('/editor/new');
  await page.getByLabel('Title', { exact: true }).fill(`Limits ${Date.now()}`);
  const price = page.getByLabel('Price', { exact: true });
  await price.fill('1000000');
  await price.blur();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toHaveAccessibleDescription(/Price can be at most \$999,999\.99/);
  const issue = page
    .getByRole('region', { name: /Problems/ })
    .getByRole('button', { name: /^Course · Price/ });
  await expect(issue).toContainText('Price can be at most $999,999.99');
  await expect(issue).toContainText(
    'priceInCents exceeds maximum allowed value of 99999999 ($999,999.99)',
  );
  await price.fill('49.90');
  await expect(issue).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Show the JSON requests' }).check();
  await expect(page.getByLabel('JSON requests', { exact: true })).toContainText(
    '"priceInCents": 4990',
  );

  const meta = page.getByLabel('Meta title');
  await meta.fill('Hello');
  await expect(page.locator('#f-metaTitle-count')).toHaveText('195 of 200 characters left');
  await meta.fill('x'.repeat(205));
  await expect(page.locator('#f-metaTitle-count')).toHaveText('5 characters over the limit of 200');
  await expect(meta).toHaveAccessibleDescription(/Meta title can be at most 200 characters/);
});

test('the JSON preview copies to the clipboard and opens in a wide view', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/editor/new');
  const title = `JSON ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('checkbox', { name: 'Show the JSON requests' }).check();
  const preview = page.getByLabel('JSON requests', { exact: true });
  // The preview follows the draft once its compile answers: copy what shows the typed title.
  await expect(preview).toContainText('"/content/course/create"');
  await expect(preview).toContainText(`"title": "${title}"`);
  await page.getByRole('button', { name: 'Copy JSON' }).click();
  await expect(page.getByText('Copied the JSON requests to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await preview.textContent(),
  );
  await page.getByRole('button', { name: 'Open wide view' }).click();
  const wide = page.getByRole('dialog', { name: 'JSON requests' });
  await expect(wide).toBeVisible();
  const box = (await wide.boundingBox())!;
  expect(box.width).toBeGreaterThan(1000);
  await expectNoSeriousA11yViolations(page, 'the wide JSON view');
});

test('an exported saved course imports into "New course" as a copy', async ({ page, sandbox }) => {
  const { courseId } = await createCourse(sandbox, `Copied ${Date.now()}`, {
    'Section one': { 'Lesson one': ['Welcome page'] },
  });
  await page.goto(`/editor/${courseId}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const file = await (await download).path();
  await page.goto('/editor/new');
  await page.getByLabel('Draft file to import').setInputFiles(file);
  await expect(page.getByRole('status').filter({ hasText: 'as a new course' })).toContainText(
    'its server ids were dropped',
  );
  await expect(rowTitle(page, 'Welcome page')).toHaveAccessibleName(
    'Topic Welcome page, New: created when you apply',
  );
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByText('Course created.')).toBeVisible({ timeout: 20_000 });
  const copyId = new URL(page.url()).pathname.split('/').pop()!;
  expect(copyId).not.toBe(courseId);
  expect(shape(await structureOf(sandbox, copyId))).toEqual(
    shape(await structureOf(sandbox, courseId)),
  );
});
