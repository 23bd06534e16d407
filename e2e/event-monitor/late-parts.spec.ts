// The event monitor's parts that load after its first content (issue 27): the feed's streaming, the
// list's rows, the relay status, the detail drawer and the exports. Each one's chunk is held back here:
// the page shows what it shows while the feed's first page is on its way, nothing moves when the part
// arrives, and the part works at once (a row opened or an export asked for before its code has arrived
// is done when it does). Screenshots before and after at 1440 and 390 px in the test's output folder.
import { expect, test, type Page } from '@playwright/test';
import { chunk, hold } from '../support/held-requests.ts';
import { expectShown, openMonitor, relayStored, signInSupport, useMonitorEnv } from './pages.ts';

test.describe.configure({ mode: 'serial' });

const env = useMonitorEnv();
test.beforeEach(async ({ page }) => {
  await signInSupport(page, env);
});

/** The box of each part of the page, top to bottom. */
const boxes = (page: Page) =>
  page
    .locator(
      '.em-header, .em-relay, .em-filters, .em-toolbar, .em-chart, [data-testid="event-list-scroll"]',
    )
    .evaluateAll((parts) =>
      parts.map((part) => {
        const { x, y, width, height } = part.getBoundingClientRect();
        return { part: part.className, x, y, width, height };
      }),
    );

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px the feed and the rows arrive after the heading, and nothing moves`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    const feed = hold(page, chunk('feed-run'));
    const rows = hold(page, chunk('event-list-rows'));
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/events')) reads.push(request.url());
    });
    await page.goto(`${env.url}/events`);
    await expect(page.getByRole('heading', { name: 'Event monitor', level: 1 })).toBeVisible();
    await expect.poll(feed.held).toBeGreaterThan(0);
    // The feed's code has not arrived: the state of a feed whose first page is on its way.
    await expect(page.getByTestId('connection-indicator')).toContainText('Connecting');
    await expect(page.getByText('Loading events…')).toBeVisible();
    expect(reads).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`monitor-${width}-heading.png`) });

    feed.release();
    await expect(page.getByTestId('connection-indicator')).toContainText('Live');
    await expectShown(page, await relayStored(page, env));
    await expect(page.locator('.em-relay')).toBeVisible();
    // The events are in, their rows' code is not: the list keeps its box, with no row in it.
    await expect.poll(rows.held).toBeGreaterThan(0);
    await expect(page.getByRole('option')).toHaveCount(0);
    const before = await boxes(page);
    expect(before).toHaveLength(6);

    rows.release();
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await boxes(page)).toEqual(before);
    await page.screenshot({ path: testInfo.outputPath(`monitor-${width}-loaded.png`) });

    // The rows work at once: the keyboard moves through them, the last one is scrolled to.
    const list = page.getByRole('listbox', { name: 'Events, newest first' });
    await list.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    const last = page.locator(
      `[role="option"][aria-posinset="${await list.getAttribute('data-count')}"]`,
    );
    await expect(last).toHaveAttribute('aria-selected', 'true');
    // Scrolled into the list's view.
    await expect
      .poll(() =>
        last.evaluate((row) => {
          const view = row.closest('.em-list')!.getBoundingClientRect();
          const box = row.getBoundingClientRect();
          return box.top >= view.top && box.bottom <= view.bottom;
        }),
      )
      .toBe(true);
    await expect(list).toHaveAttribute('aria-activedescendant', (await last.getAttribute('id'))!);
  });
}

test('a row opened before the drawer’s code has arrived opens when it does; focus comes back', async ({
  page,
}) => {
  const drawer = hold(page, chunk('event-drawer'));
  await openMonitor(page, env, '?kinds=quizAttempt');
  await expect.poll(drawer.held).toBeGreaterThan(0);
  const list = page.getByRole('listbox', { name: 'Events, newest first' });
  await list.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  drawer.release();
  const dialog = page.getByRole('dialog', { name: 'Quiz attempt' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(list).toBeFocused();
});

test('an export asked for before its code has arrived is saved when it does', async ({ page }) => {
  const exports = hold(page, chunk('export-shown'));
  await openMonitor(page, env);
  const count = await relayStored(page, env);
  await expectShown(page, count);
  await expect.poll(exports.held).toBeGreaterThan(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export NDJSON' }).click();
  exports.release();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lectern-events-.+\.ndjson$/);
  await expect(page.getByText(`Exported ${count.toLocaleString('en')} events to`)).toBeVisible();
});

test('the relay status’s code is asked for as the page mounts, before the feed reads the status', async ({
  page,
}) => {
  const order: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (chunk('relay-status-panel').test(pathname)) order.push('panel code');
    if (pathname === '/api/events/status') order.push('status read');
  });
  await openMonitor(page, env);
  const panel = page.locator('.em-relay');
  await expect(panel).toBeVisible();
  expect(order.indexOf('panel code')).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('panel code')).toBeLessThan(order.indexOf('status read'));
  // It works: the per-kind table opens from its summary.
  await panel.locator('summary').click();
  await expect(panel.getByRole('table', { name: 'Relay status per event kind' })).toBeVisible();
});

test('a course filter set by a link shows its looked-up title once the lookup’s code is here', async ({
  page,
}) => {
  const lookup = hold(page, chunk('looked-up-hint'));
  const feed = await env.feedEvents();
  const course = feed.find((event) => event.course)!.course!;
  await openMonitor(page, env, `?course=${course.id}`);
  const field = page.getByLabel('Course or learning path');
  await expect(field).toHaveValue(course.id);
  await expect.poll(lookup.held).toBeGreaterThan(0);
  // Until the lookup's code is here, the hint reads as it does while the lookup is on its way.
  const hint = page.locator('.em-field', { has: field }).locator('.field__hint');
  await expect(hint).toHaveText('Id, or a title from the suggestions');
  lookup.release();
  await expect(hint).toHaveText(/ \(course\)$/);
});
