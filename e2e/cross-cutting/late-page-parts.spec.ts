// Page parts that load after the first content (issue 27): a list's virtualizer, Radix's dialog code, a
// bulk run's view, the course-group search's results and a learning path's actions. Their chunks are
// held back here: the list draws its first rows without the virtualizer, in the places the virtualizer
// then keeps them; a dialog opened before Radix's code has arrived opens when it does, and gives focus
// back to its trigger as it closes; a search, a chosen path or a course's History tab waits under its
// own pending state; picked courses read as loading until the criteria's request code is here, and rows
// typed before their parser has arrived say they are being checked (rows kept from before a reload
// wait for it with the page); a translation file picked or downloaded waits for the XLIFF code; a course
// group's page holds the places of its archive action and review card with look-alikes.
// Screenshots before and after at 1440 and 390 px in the test's output folder.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { hold } from '../support/held-requests.ts';

const VIRTUAL_BODY = /\/assets\/virtual-body-[\w-]+\.js$/;
const DIALOG_FRAME = /\/assets\/dialog-frame-[\w-]+\.js$/;

/** Index and box of every body row drawn. */
const rowBoxes = (page: Page) =>
  page.locator('.vtable__body [role="row"]').evaluateAll((rows) =>
    rows.map((row) => {
      const { x, y, width, height } = row.getBoundingClientRect();
      return { index: row.getAttribute('aria-rowindex'), x, y, width, height };
    }),
  );

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px a list draws its first rows before the virtualizer loads, where it keeps them`, async ({
    page,
    signInAs,
  }, testInfo) => {
    await signInAs('admin');
    await page.setViewportSize({ width, height });
    const late = hold(page, VIRTUAL_BODY);
    await page.goto('/users?perPage=100');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    // Every user of the demo seed (43) on one page.
    const count = page.getByTestId('list-count');
    await expect(count).toHaveText(/^Showing (\d+) of \1 users$/);
    const total = Number(/of (\d+)/.exec((await count.textContent())!)![1]);
    await expect.poll(late.held).toBeGreaterThan(0);
    const before = await rowBoxes(page);
    // The view's rows and the overscan, not every row.
    expect(before.length).toBeGreaterThan(12);
    expect(before.length).toBeLessThan(total);
    expect(before[0]!.index).toBe('2');
    const bodyHeight = await page.locator('.vtable__body').evaluate((body) => body.clientHeight);
    await page.screenshot({ path: testInfo.outputPath(`users-${width}-before.png`) });

    const loaded = page.waitForResponse(VIRTUAL_BODY);
    late.release();
    await loaded;
    // The virtualizer draws the same rows in the same places, in a body of the same height.
    await expect.poll(() => rowBoxes(page)).toEqual(before);
    expect(await page.locator('.vtable__body').evaluate((body) => body.clientHeight)).toBe(
      bodyHeight,
    );
    await page.screenshot({ path: testInfo.outputPath(`users-${width}-after.png`) });

    // It is the virtualizer now: scrolled to the end, the last rows are drawn and the first are gone.
    await page.getByTestId('vtable-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(
      page.locator(`.vtable__body [role="row"][aria-rowindex="${total + 1}"]`),
    ).toBeVisible();
    await expect(page.locator('.vtable__body [role="row"][aria-rowindex="2"]')).toHaveCount(0);
  });
}

test('a dialog opened before its code has loaded opens when it arrives, then gives focus back', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  const frame = hold(page, DIALOG_FRAME);
  await page.goto('/course-groups');
  const bell = page.getByTestId('alert-bell');
  await expect(bell).toBeVisible();
  // Asked for just after the first content (the layout's prefetch), and held.
  await expect.poll(frame.held).toBeGreaterThan(0);
  await bell.click();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  frame.release();
  const dialog = page.getByRole('dialog', { name: 'Alerts' });
  await expect(dialog).toBeVisible();
  await expect(bell).toHaveAttribute('aria-controls', (await dialog.getAttribute('id'))!);
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bell).toBeFocused();
  await expect(bell).toHaveAttribute('aria-expanded', 'false');

  // Opened again, it shows at once and closes from its own button.
  await bell.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog).toBeHidden();
  await expect(bell).toBeFocused();
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px a search typed before its results’ code has loaded shows the pending list, then the results`, async ({
    page,
    signInAs,
  }, testInfo) => {
    await signInAs('admin');
    await page.setViewportSize({ width, height });
    const late = hold(page, /\/assets\/search-results-[\w-]+\.js$/);
    await page.goto('/course-groups');
    await expect(page.getByTestId('list-count')).toHaveText(
      /^Showing [\d,]+ of [\d,]+ course groups$/,
    );
    await expect.poll(late.held).toBeGreaterThan(0);
    const box = page.getByRole('searchbox', { name: 'Search titles' });
    await box.fill('Foundations');
    await expect(page).toHaveURL(/q=Foundations/);
    await expect(page.getByRole('status', { name: 'Loading course groups' })).toBeVisible();
    // What was typed stays while the results' code loads.
    await expect(box).toHaveValue('Foundations');
    await page.screenshot({ path: testInfo.outputPath(`search-${width}-before.png`) });

    late.release();
    await expect(page.getByTestId('list-count')).toHaveText(
      /^Showing [\d,]+ of [\d,]+ results for “Foundations”$/,
    );
    await expect(
      page.getByRole('row').filter({ hasText: 'Foundations of Customer Success' }),
    ).toBeVisible();
    await expect(box).toHaveValue('Foundations');
    await page.screenshot({ path: testInfo.outputPath(`search-${width}-after.png`) });
  });
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px a learning path chosen before its actions’ code has loaded shows when they arrive, with them`, async ({
    page,
    signInAs,
  }, testInfo) => {
    await signInAs('admin');
    await page.setViewportSize({ width, height });
    const late = hold(page, /\/assets\/(learning-path-actions|path-schedules)-[\w-]+\.js$/);
    await page.goto('/learning-paths');
    await expect(page.getByRole('heading', { name: 'Learning paths', level: 1 })).toBeVisible();
    // Asked for just after the first content (admins may publish), and held.
    await expect.poll(late.held).toBeGreaterThan(0);
    await page.getByLabel('Learning path id or SKU').fill('LP-SALES-100');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page).toHaveURL(/\?sku=LP-SALES-100$/);
    // The detail's own pending state, until its actions can show with it.
    await expect(page.getByRole('status', { name: 'Loading the learning path' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sales Ramp Path' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`learning-path-${width}-before.png`) });

    late.release();
    const card = page.getByRole('region', { name: 'Sales Ramp Path' });
    await expect(card).toContainText('4 milestones · 5 courses');
    await expect(card.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Scheduled actions' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`learning-path-${width}-after.png`) });
    await card.getByText('Schedule an action').click();
    await expect(card.getByRole('button', { name: /^Schedule (publish|unpublish)/ })).toBeVisible();
  });
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px a course's History tab opened before its code has loaded shows when it arrives`, async ({
    page,
    sandbox,
    signInAs,
  }, testInfo) => {
    const [group] = await sandbox.createGroups(1, `Late history ${width} ${Date.now()}`);
    await signInAs('admin');
    await page.setViewportSize({ width, height });
    const late = hold(page, /\/assets\/history-panel-[\w-]+\.js$/);
    await page.goto(`/course-groups/${group!.groupId}?course=${group!.courseId}`);
    await expect(page.getByRole('heading', { level: 1, name: group!.title })).toBeVisible();
    const tab = page.getByRole('tab', { name: 'History' });
    await expect(tab).toBeVisible();
    // Asked for just after the first content, and held.
    await expect.poll(late.held).toBeGreaterThan(0);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('status', { name: 'Loading the history' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`history-${width}-before.png`) });

    late.release();
    await expect(panel).toContainText('No versions yet.');
    await expect(panel.getByRole('status', { name: 'Loading the history' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`history-${width}-after.png`) });
    // Back and forth: the loaded panel shows at once.
    await page.getByRole('tab', { name: 'Structure' }).click();
    await tab.click();
    await expect(panel).toContainText('No versions yet.');
  });
}

test('what changed, opened before the comparison’s code has loaded, shows when it arrives', async ({
  page,
  sandbox,
  signInAs,
  csrfHeaders,
}) => {
  const [group] = await sandbox.createGroups(1, `Late compare ${Date.now()}`);
  const { groupId, courseId } = group!;
  await signInAs('contentManager');
  // Renamed through the console: Lectern keeps a version, which the reviewer compares.
  const renamed = await page.request.put('/api/v2/content/course/update', {
    headers: csrfHeaders,
    data: { courseAttributes: { courses: [{ id: courseId, title: 'Renamed for the review' }] } },
  });
  expect(renamed.status()).toBe(200);
  await expect
    .poll(async () => {
      const versions = await page.request.get(`/api/history/courses/${courseId}/versions?limit=5`);
      return ((await versions.json()) as { versions: unknown[] }).versions.length;
    })
    .toBe(1);
  const made = await page.request.post('/api/reviews', {
    headers: csrfHeaders,
    data: {
      target: { type: 'course', courseId, groupId, title: 'Renamed for the review' },
      note: 'Late comparison',
    },
  });
  expect(made.status()).toBe(200);

  await signInAs('admin');
  const late = hold(page, /\/assets\/version-compare-[\w-]+\.js$/);
  await page.goto('/reviews');
  const item = page.getByRole('article').filter({ hasText: 'Late comparison' });
  await expect(item).toContainText('Renamed for the review');
  // Asked for just after the first content, and held.
  await expect.poll(late.held).toBeGreaterThan(0);
  await item.getByText('What changed since the first version').click();
  await expect(item.getByRole('status', { name: 'Loading the changes' })).toBeVisible();

  late.release();
  const compare = item.getByRole('region', { name: 'Before version 1 compared with Version 1' });
  await expect(compare).toContainText('Renamed for the review');
  await expect(item.getByRole('status', { name: 'Loading the changes' })).toHaveCount(0);
  await item.getByRole('button', { name: 'Decline' }).click();
  await item.getByLabel('Comment for the requester').fill('Checked the late comparison.');
  await item.getByRole('button', { name: 'Decline' }).click();
  await expect(item).toHaveCount(0);
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px courses picked before the picked list's code has loaded read as loading, then are listed`, async ({
    page,
    sandbox,
    signInAs,
  }, testInfo) => {
    const prefix = `Late criteria ${width} ${Date.now()}`;
    await sandbox.createGroups(2, prefix);
    await signInAs('admin');
    await page.setViewportSize({ width, height });
    const late = hold(page, /\/assets\/picked-courses-[\w-]+\.js$/);
    await page.goto('/completion-criteria');
    await expect(
      page.getByRole('heading', { name: 'Completion criteria', level: 1 }),
    ).toBeVisible();
    // Asked for just after the first content, and held.
    await expect.poll(late.held).toBeGreaterThan(0);
    await page.getByLabel('Find courses').fill(prefix);
    await page.getByRole('button', { name: 'Add all 2' }).click();
    await expect(page.getByRole('heading', { name: '2 picked courses' })).toBeVisible();
    const preview = page.getByTestId('criteria-preview');
    await expect(preview).toHaveText('Reading the courses…');
    await expect(page.getByRole('button', { name: 'Add to 0 courses' })).toBeDisabled();
    await expect(page.getByRole('list', { name: 'Picked courses' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`criteria-${width}-before.png`) });

    late.release();
    const picked = page.getByRole('list', { name: 'Picked courses' });
    await expect(picked.locator(':scope > li')).toHaveCount(2);
    await expect(picked.getByText('Topic viewed: “Welcome page”')).toHaveCount(2);
    await expect(preview).toHaveText('Adds “Share of pages viewed: 80%” on 2 courses.');
    await expect(page.getByRole('button', { name: 'Add to 2 courses' })).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath(`criteria-${width}-after.png`) });
    // A topic criterion leaves a course without a topic out, with the API's reason.
    await page.getByLabel('Completes when').selectOption('scormComplete');
    await expect(picked.getByText(/^Left out: No topic chosen: /)).toHaveCount(2);

    // Reloaded with the list's code held again: the page waits for it, then lists the kept courses.
    const again = hold(page, /\/assets\/picked-courses-[\w-]+\.js$/);
    await page.reload();
    await expect.poll(again.held).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: 'Completion criteria', level: 1 })).toHaveCount(
      0,
    );
    again.release();
    await expect(
      page.getByRole('heading', { name: 'Completion criteria', level: 1 }),
    ).toBeVisible();
    await expect(picked.locator(':scope > li')).toHaveCount(2);
  });
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px rows typed before their parser has loaded are checked when it arrives`, async ({
    page,
    signInAs,
  }, testInfo) => {
    await signInAs('admin');
    await page.setViewportSize({ width, height });
    const late = hold(page, /\/assets\/import-rows-[\w-]+\.js$/);
    await page.goto('/imports');
    await expect(page.getByRole('heading', { name: 'Bulk imports', level: 1 })).toBeVisible();
    // Asked for just after the first content, and held.
    await expect.poll(late.held).toBeGreaterThan(0);
    const rows = page.getByLabel('Rows', { exact: true });
    const typed = [
      'title,startDate,priceInCents,status',
      'Late rows,2031-01-10T16:00:00Z,4900,draft',
      'Late rows 2,tomorrow,,',
    ].join('\n');
    await rows.fill(typed);
    await expect(page.getByTestId('import-rows-checking')).toHaveText('Checking the rows…');
    await expect(page.getByRole('button', { name: 'Start import' })).toBeDisabled();
    await expect(rows).toHaveValue(typed);
    await page.screenshot({ path: testInfo.outputPath(`imports-${width}-before.png`) });

    late.release();
    const problems = page.getByTestId('import-problems');
    await expect(problems).toContainText('1 problem: nothing is sent until they are fixed.');
    await expect(problems).toContainText('Row 2: startDate:');
    await expect(page.getByTestId('import-rows-checking')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
    await expect(rows).toHaveValue(typed);
    await page.screenshot({ path: testInfo.outputPath(`imports-${width}-after.png`) });
  });
}

test('rows kept from before a reload are checked in the page’s first render: it waits for their parser', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  await page.goto('/imports');
  const rows = page.getByLabel('Rows', { exact: true });
  const typed = ['title,startDate', 'Kept rows,2031-01-10T16:00:00Z'].join('\n');
  await rows.fill(typed);
  await expect(page.getByTestId('import-rows-ok')).toHaveText('1 row ready (CSV).');

  // Reloaded with the parser held: the page waits for it, then shows the rows checked at once.
  const late = hold(page, /\/assets\/import-rows-[\w-]+\.js$/);
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="import-rows-checking"]'))
        sessionStorage.setItem('test.sawChecking', 'yes');
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect.poll(late.held).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Bulk imports', level: 1 })).toHaveCount(0);
  late.release();
  await expect(page.getByRole('heading', { name: 'Bulk imports', level: 1 })).toBeVisible();
  await expect(rows).toHaveValue(typed);
  await expect(page.getByTestId('import-rows-ok')).toHaveText('1 row ready (CSV).');
  await expect(page.getByRole('button', { name: 'Import 1 row' })).toBeEnabled();
  expect(await page.evaluate(() => sessionStorage.getItem('test.sawChecking'))).toBeNull();
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px the audit log's records wait under its loading state for the table's code`, async ({
    page,
    signInAs,
  }, testInfo) => {
    await signInAs('admin');
    await page.setViewportSize({ width, height });
    const late = hold(page, /\/assets\/audit-table-[\w-]+\.js$/);
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    // Asked for as the page mounts, beside the records, and held.
    await expect.poll(late.held).toBeGreaterThan(0);
    await expect(page.getByRole('status', { name: 'Loading the audit log' })).toBeVisible();
    await expect(page.getByTestId('audit-row')).toHaveCount(0);
    // The filters are there and take what is typed meanwhile.
    await page.getByLabel('Route').fill('signIn');
    await page.screenshot({ path: testInfo.outputPath(`audit-${width}-before.png`) });

    late.release();
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading the audit log' })).toHaveCount(0);
    await expect(page.getByLabel('Route')).toHaveValue('signIn');
    await page.screenshot({ path: testInfo.outputPath(`audit-${width}-after.png`) });
    // Applied, the new filter's records show at once with the loaded table.
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/route=signIn/);
    await expect(page.getByTestId('audit-row').first()).toContainText('signIn');
  });
}

/** Every card's box on the page, by its heading. */
const cardBoxes = (page: Page) =>
  page.locator('.card').evaluateAll((cards) =>
    cards.map((card) => {
      const { x, y, width, height } = card.getBoundingClientRect();
      return { title: card.querySelector('.card__title')?.textContent, x, y, width, height };
    }),
  );

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px the translations page reads and writes files once its XLIFF code arrives, where it was`, async ({
    page,
    sandbox,
    signInAs,
  }, testInfo) => {
    const [group] = await sandbox.createGroups(1, `Late xliff ${width} ${Date.now()}`);
    await signInAs('admin');
    await page.setViewportSize({ width, height });
    const XLIFF_CODE = /\/assets\/translation-preview-[\w-]+\.js$/;
    const first = hold(page, XLIFF_CODE);
    await page.goto(`/translations/courses/${group!.courseId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Translations of “${group!.title}”`,
    );
    // Asked for just after the first content, and held: the page is whole without it.
    await expect.poll(first.held).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Download XLIFF' })).toBeEnabled();
    const before = await cardBoxes(page);
    expect(before.map((card) => card.title)).toEqual([
      'Download',
      'Upload a translation',
      'Stored translations',
    ]);
    await page.screenshot({ path: testInfo.outputPath(`translations-${width}-before.png`) });
    const loaded = page.waitForResponse(XLIFF_CODE);
    first.release();
    await loaded;
    await page.waitForTimeout(100);
    expect(await cardBoxes(page)).toEqual(before);
    await page.screenshot({ path: testInfo.outputPath(`translations-${width}-after.png`) });

    // Reloaded with the code held again: a file picked and a download asked for wait for it.
    const again = hold(page, XLIFF_CODE);
    await page.reload();
    await expect.poll(again.held).toBeGreaterThan(0);
    await page.getByLabel('Translated XLIFF file').setInputFiles({
      name: 'broken.xlf',
      mimeType: 'application/xliff+xml',
      buffer: Buffer.from('<xliff version="1.2"><file><body></file></xliff>'),
    });
    await expect(page.getByText('Reading the file…')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download XLIFF' }).click();
    again.release();
    await expect(page.getByRole('alert')).toContainText(
      'Not uploaded: This is not an XLIFF 1.2 file',
    );
    const download = await downloading;
    const source = await readFile((await download.path())!, 'utf8');
    expect(source).toContain(`original="courses/${group!.courseId}"`);

    // The round trip: a translated file previewed, uploaded and read back.
    const translated = source
      .replace('source-language="en"', 'source-language="en" target-language="fr"')
      .replace(
        '<source>Section one</source>',
        '<source>Section one</source>\n        <target>Première partie</target>',
      );
    await page.getByLabel('Translated XLIFF file').setInputFiles({
      name: 'course.fr.xlf',
      mimeType: 'application/xliff+xml',
      buffer: Buffer.from(translated),
    });
    await expect(page.getByTestId('translation-preview')).toContainText('Translated1');
    await page.getByRole('button', { name: 'Upload 1 translation (fr)' }).click();
    const stored = page.getByRole('list', { name: 'Translations into fr' });
    await expect(stored.locator('li[data-translated="true"]')).toHaveCount(1);
    await expect(stored).toContainText('Première partie');
  });
}

/** Boxes of what a course group's page shows around its late parts. */
const groupBoxes = (page: Page) =>
  page
    .locator('h1, .page__header .btn, .detail-main > .card, .detail-aside > .card')
    .evaluateAll((parts) =>
      parts.map((part) => {
        const { x, y, width, height } = part.getBoundingClientRect();
        return { part: part.className || part.tagName, x, y, width, height };
      }),
    );

const GROUP_LATE = {
  course: /\/assets\/selected-course-[\w-]+\.js$/,
  archive: /\/assets\/group-archive-panel-[\w-]+\.js$/,
  schedules: /\/assets\/schedule-list-[\w-]+\.js$/,
  scheduleForm: /\/assets\/schedule-form-[\w-]+\.js$/,
  thumbnail: /\/assets\/thumbnail-send-[\w-]+\.js$/,
};

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px a course group's late parts hold their places, then work`, async ({
    page,
    sandbox,
    signInAs,
  }, testInfo) => {
    const [group] = await sandbox.createGroups(1, `Late group ${width} ${Date.now()}`);
    await signInAs('admin');
    await page.setViewportSize({ width, height });
    const held = Object.fromEntries(
      Object.entries(GROUP_LATE).map(([part, pattern]) => [part, hold(page, pattern)]),
    ) as Record<keyof typeof GROUP_LATE, ReturnType<typeof hold>>;
    await page.goto(`/course-groups/${group!.groupId}`);
    await expect(page.getByRole('heading', { level: 1, name: group!.title })).toBeVisible();
    // The course and the schedules are asked for as the page mounts, the rest after its first content.
    for (const part of Object.values(held)) await expect.poll(part.held).toBeGreaterThan(0);
    await expect(page.getByRole('status', { name: 'Loading the course' })).toBeVisible();
    const schedules = page.getByRole('region', { name: 'Scheduled actions', exact: true });
    await expect(
      schedules.getByRole('status', { name: 'Loading scheduled actions' }),
    ).toBeVisible();
    // The archive action's look-alike: in its place, announced as unavailable.
    const archive = page.getByRole('button', { name: 'Archive group' });
    await expect(archive).toHaveAttribute('aria-disabled', 'true');
    const before = await groupBoxes(page);
    await page.screenshot({ path: testInfo.outputPath(`group-${width}-before.png`) });

    // The archive action arrives where its look-alike was; nothing else moves.
    held.archive.release();
    await expect(archive).not.toHaveAttribute('aria-disabled');
    expect(await groupBoxes(page)).toEqual(before);

    // The course and its scheduled actions show in place of their own loading states.
    held.course.release();
    held.schedules.release();
    await expect(page.getByRole('heading', { level: 2, name: group!.title })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Structure' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(schedules).toContainText('Nothing scheduled');
    await page.screenshot({ path: testInfo.outputPath(`group-${width}-after.png`) });

    // The schedule form, opened before its code is here, shows when it arrives, and schedules.
    await schedules.getByText('Schedule an action').click();
    await expect(schedules.getByRole('status', { name: 'Loading the form' })).toBeVisible();
    held.scheduleForm.release();
    await schedules.getByLabel('Date and time').fill('2031-03-04T10:30');
    await schedules.getByRole('button', { name: 'Schedule publish' }).click();
    await expect(schedules.getByTestId('schedule-row')).toContainText('Publish');

    // A thumbnail sent before its sending code is here goes once it arrives.
    const thumbnail = page.getByRole('region', { name: 'Catalog thumbnail' });
    await thumbnail.getByLabel('Image URL').fill('https://images.example.test/catalog/late.png');
    await thumbnail.getByRole('button', { name: 'Replace thumbnail' }).click();
    await expect(thumbnail.getByRole('button', { name: 'Replace thumbnail' })).toBeDisabled();
    held.thumbnail.release();
    await expect(
      page.getByText(/^Thumbnail (updated|of “.*” queued: follow it in the jobs tray)$/),
    ).toBeVisible();
    await expect(thumbnail.getByLabel('Image URL')).toHaveValue('');

    // The archive action works: its confirmation reads the group, and archives it.
    await archive.click();
    const dialog = page.getByRole('dialog', { name: `Archive “${group!.title}”?` });
    await expect(dialog.getByTestId('fresh-status')).toBeVisible();
    await dialog.getByRole('button', { name: 'Archive group and its courses' }).click();
    await expect(page.getByRole('button', { name: 'Restore group' })).toBeVisible();
  });
}

test('a content manager’s review cards hold their places until their code is here, then ask', async ({
  page,
  sandbox,
  signInAs,
}) => {
  const [group] = await sandbox.createGroups(1, `Late review ${Date.now()}`);
  await signInAs('contentManager');
  await page.setViewportSize({ width: 1440, height: 900 });
  const course = hold(page, /\/assets\/request-publishing-[\w-]+\.js$/);
  const whole = hold(page, /\/assets\/request-group-publishing-[\w-]+\.js$/);
  await page.goto(`/course-groups/${group!.groupId}`);
  await expect(page.getByRole('heading', { level: 1, name: group!.title })).toBeVisible();
  await expect.poll(course.held).toBeGreaterThan(0);
  await expect.poll(whole.held).toBeGreaterThan(0);
  // The look-alikes: what the cards show before the reviews are read, announced as unavailable.
  const review = page.getByRole('region', { name: 'Review', exact: true });
  const note = review.getByLabel('Note for the reviewer');
  await expect(note).not.toBeEditable();
  const send = review.getByRole('button', { name: 'Request publishing' });
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  const card = page.getByRole('region', { name: 'Review of the whole group' });
  const ask = card.getByRole('button', { name: 'Request publishing of the group' });
  await expect(ask).toHaveAttribute('aria-disabled', 'true');
  // Once the selected course and the schedules have shown, nothing moves as the cards' code arrives.
  await expect(page.getByRole('heading', { level: 2, name: group!.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Scheduled actions' })).toContainText(
    'Nothing scheduled',
  );
  const before = await groupBoxes(page);

  course.release();
  whole.release();
  await expect(send).not.toHaveAttribute('aria-disabled');
  await expect(ask).toHaveAttribute('aria-haspopup', 'dialog');
  expect(await groupBoxes(page)).toEqual(before);
  await ask.click();
  const dialog = page.getByRole('dialog', { name: `Request publishing of “${group!.title}”` });
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await note.fill('Ready for the late review');
  await send.click();
  await expect(review.getByTestId('review-outcome')).toBeVisible();
});
