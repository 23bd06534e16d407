// The editor's parts that load after its outline shows (issue 27): "Move to…", export, the details form,
// review and apply, the learner preview and the Checks panel, used the moment the outline appears on a
// fresh page. Also loaded late and opened
// elsewhere: import (editor.spec.ts imports the moment "New course" opens), the conflict panel
// (editor.spec.ts, "a course changed on the server..."), the toasts (e2e/jobs).
import { readFile } from 'node:fs/promises';
import { parseDraftFile } from '#compiler/index.ts';
import { createCourse, row, rowTitle, shape, structureOf } from '../support/editor.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ signInAs }) => {
  await signInAs('admin');
});

test('export and "Move to…" work the moment the outline shows', async ({ page, sandbox }) => {
  const title = `Lazy parts ${Date.now()}`;
  const { courseId } = await createCourse(sandbox, title, {
    'Section one': { 'Lesson one': ['First page', 'Second page'] },
    'Section two': { 'Lesson two': ['Third page'] },
  });
  await page.goto(`/editor/${courseId}`);
  await expect(row(page, 'Second page')).toBeVisible();

  // The details forms: the course's, then a topic's.
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await row(page, 'First page')
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Open details' }).click();
  await expect(page.getByRole('heading', { name: 'Topic: First page' })).toBeVisible();

  // "Move to…", its dialog loaded on demand.
  await row(page, 'Second page')
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Move to…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Topic “Second page”' });
  await expect(dialog.getByLabel('Into which lesson')).toBeFocused();
  await dialog
    .getByLabel('Into which lesson')
    .selectOption({ label: 'Section “Section two” › Lesson “Lesson two”' });
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowTitle(page, 'Second page')).toBeFocused();

  // Export, from the buttons that held its place while it loaded.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const parsed = parseDraftFile(await readFile(await (await download).path(), 'utf8'));
  expect(parsed.ok && parsed.draft.attributes.title).toBe(title);

  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('Applied.')).toBeVisible({ timeout: 20_000 });
  expect(shape(await structureOf(sandbox, courseId))).toEqual([
    ['Section one', [['Lesson one', ['First page']]]],
    ['Section two', [['Lesson two', ['Third page', 'Second page']]]],
  ]);
});

test('the learner preview and the Checks panel work the moment the outline shows', async ({
  page,
  sandbox,
}) => {
  const title = `Lazy preview ${Date.now()}`;
  const { courseId } = await createCourse(sandbox, title, {
    'Section one': { 'Lesson one': ['First page', 'Second page'] },
  });
  await page.goto(`/editor/${courseId}`);
  await expect(row(page, 'Second page')).toBeVisible();

  // The preview's content (and its sanitiser) loads when it opens.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('dialog', { name: `Preview as a learner: ${title}` });
  await expect(preview.getByRole('heading', { name: 'Section 1: Section one' })).toBeVisible();
  await preview.getByRole('button', { name: 'Second page' }).click();
  await expect(preview.getByRole('heading', { name: 'Second page' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);

  // The Checks panel replaces its placeholder with the checks of the draft in hand.
  const checks = page.getByTestId('checks-panel');
  await expect(checks.getByRole('heading', { name: /^Checks/ })).toBeVisible();
  await expect(
    checks.getByRole('heading', { name: /^Checks (No errors|\d+ errors?)$/ }),
  ).toBeVisible();
  await expect(checks.getByText('This text topic has no body', { exact: false })).toHaveCount(0);

  // The checks run again a pause after each edit: a new topic without a body is found.
  await row(page, 'Lesson one')
    .getByRole('button', { name: /^Add topic to Lesson/ })
    .click();
  await page.keyboard.type('Empty page');
  await page.keyboard.press('Enter');
  await expect(row(page, 'Empty page')).toBeVisible();
  await expect(
    checks.getByText('This text topic has no body', { exact: false }).first(),
  ).toBeVisible();
});

test('on landing the course is read before the route runs, and the late parts wait for the outline', async ({
  page,
  sandbox,
}) => {
  const { courseId } = await createCourse(sandbox, `Lazy order ${Date.now()}`, {
    'Section one': { 'Lesson one': ['First page'] },
  });
  // When the outline's first row entered the page (before the frame that paints it).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="row-First page"]')) return;
      (window as unknown as { rowAt: number }).rowAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/editor/${courseId}`);
  await expect(row(page, 'First page')).toBeVisible();
  const late = ['late-header-parts', 'import-export', 'course-form'];
  await expect
    .poll(() =>
      page.evaluate(
        (names) =>
          names.filter((name) =>
            performance
              .getEntriesByType('resource')
              .some((entry) => new URL(entry.name).pathname.startsWith(`/assets/${name}-`)),
          ).length,
        late,
      ),
    )
    .toBe(late.length);
  const { rowAt, requests } = await page.evaluate(() => ({
    rowAt: (window as unknown as { rowAt: number }).rowAt,
    requests: performance
      .getEntriesByType('resource')
      .map((entry) => ({ path: new URL(entry.name).pathname, at: entry.startTime })),
  }));
  const startOf = (pattern: RegExp) => {
    const found = requests.filter(({ path }) => pattern.test(path));
    expect(found.length, `a request for ${pattern}`).toBeGreaterThan(0);
    return Math.min(...found.map(({ at }) => at));
  };
  const structure = startOf(new RegExp(`^/api/v2/courses/${courseId}/structure$`));
  // The course's reads leave before the route's own chunks are asked for.
  expect(structure).toBeLessThan(startOf(/^\/assets\/_authed\.editor\._courseId-/));
  // The layout's late parts (the header's tools) and the editor's (export, the details form) are asked
  // for once the outline's first rows are on screen, not before.
  expect(startOf(/^\/assets\/late-header-parts-/)).toBeGreaterThan(rowAt);
  expect(startOf(/^\/assets\/import-export-/)).toBeGreaterThan(rowAt);
  expect(startOf(/^\/assets\/course-form-/)).toBeGreaterThan(rowAt);
});
