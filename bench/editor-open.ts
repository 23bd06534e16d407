// Course editor, opening and row menus (issue 12), in Chromium with a saved 2,000-node course:
// - Open until interactive (target < 1 s): from the navigation to /editor/<id> (a fresh page, no
//   cache, no backup) until the outline's first row is on screen AND the main thread answers: a
//   MessageChannel ping posted when the row appears comes back only after every task queued before
//   it (the rest of React's commit, effects, the first validation's hand-off to its worker), so the
//   figure is when a key pressed on the row would be handled. The course's reads (structure, group,
//   courses) are answered by Playwright from memory, so the figure is the console's own work plus
//   a local round trip, not the network's.
// - Row menu open latency: from the pointerdown on a row's "Actions" button (and from the keydown
//   of Shift+F10 on a row) to the animation frame that first shows the menu, measured in the page;
//   20 opens each, on different rows, closed with Escape between them.
// The console is built and served as for bench/editor-interaction.ts.
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from 'playwright';
import {
  buildWithCounter,
  launchBenchBrowser,
  mockConsoleServer,
  savedBenchCourse,
} from './editor-page.ts';
import { serveStatic } from './editor-serve.ts';

const OPENS = 7;
const MENU_OPENS = 20;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const figure = (values: number[]) =>
  `median ${pct(values, 50).toFixed(0)} ms, p95 ${pct(values, 95).toFixed(0)} ms, ` +
  `max ${Math.max(...values).toFixed(0)} ms`;

// In-page code as strings: tsx would otherwise wrap named functions in a helper the page lacks.
/** Installed before the page's own scripts: resolves window.__interactive with the figure. */
const WATCH_OPEN = `(() => {
  window.__interactive = new Promise((resolve) => {
    const seen = () => {
      const row = document.querySelector('[data-testid="row-Topic 1.1.1"]');
      if (!row) return false;
      const shownAt = performance.now();
      const channel = new MessageChannel();
      const readsDoneAt = Math.max(
        0,
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/api/'))
          .map((entry) => entry.responseEnd),
      );
      channel.port1.onmessage = () =>
        resolve({ shownAt, readsDoneAt, interactiveAt: performance.now() });
      channel.port2.postMessage(null);
      return true;
    };
    new MutationObserver((_, observer) => {
      if (seen()) observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
})()`;

/** Times from each pointerdown or keydown to the frame that first shows a menu. */
const WATCH_MENU = `(() => {
  window.__menuTimes = [];
  let startedAt = null;
  for (const type of ['pointerdown', 'keydown'])
    document.addEventListener(type, (event) => {
      if (type === 'keydown' && !(event.key === 'F10' && event.shiftKey)) return;
      startedAt = event.timeStamp;
    }, true);
  new MutationObserver(() => {
    if (startedAt === null || !document.querySelector('[role="menu"]')) return;
    const from = startedAt;
    startedAt = null;
    requestAnimationFrame(() => window.__menuTimes.push(performance.now() - from));
  }).observe(document.body, { childList: true, subtree: true });
})()`;

async function openOnce(browser: Browser, origin: string, courseId: string, saved: unknown) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  try {
    await mockConsoleServer(page, saved as Parameters<typeof mockConsoleServer>[1]);
    // Signed in and the app's code cached, as when a user opens a course from the console.
    await page.goto(`${origin}/`);
    await page.getByRole('link', { name: 'Course groups' }).first().waitFor();
    await page.addInitScript(WATCH_OPEN);
    await page.goto(`${origin}/editor/${courseId}`);
    const times = (await page.evaluate('window.__interactive')) as {
      interactiveAt: number;
      shownAt: number;
      readsDoneAt: number;
    };
    return { ...times, page, context };
  } catch (error) {
    await context.close();
    throw error;
  }
}

async function menuTimes(page: Page): Promise<{ pointer: number[]; keyboard: number[] }> {
  await page.evaluate(WATCH_MENU);
  const take = async () => (await page.evaluate('window.__menuTimes.splice(0)')) as number[];
  const rows = page.locator('.course-tree__item');
  // Warm-up: the first use of the menu's code is not counted.
  for (let i = 0; i < 3; i++) {
    await rows
      .nth(i)
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  }
  await take();
  for (let i = 0; i < MENU_OPENS; i++) {
    const button = rows.nth(2 + (i % 12)).getByRole('button', { name: /^Actions for/ });
    await button.click();
    await page.getByRole('menu').waitFor();
    await page.waitForTimeout(50);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  }
  const pointer = await take();
  for (let i = 0; i < MENU_OPENS; i++) {
    await rows
      .nth(2 + (i % 12))
      .locator('.tree-row__title')
      .focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu').waitFor();
    await page.waitForTimeout(50);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    // The menu gives focus back to its button as it closes; the next row is focused after that.
    await page.waitForFunction(() => document.activeElement?.classList.contains('tree-row__menu'));
  }
  const keyboard = await take();
  return { pointer, keyboard };
}

export async function run(): Promise<void> {
  const outDir = await buildWithCounter();
  const server = await serveStatic(outDir);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBenchBrowser();
  const saved = savedBenchCourse(20, 9, 10);
  const courseId = saved.course.id;
  try {
    const load = () => loadavg()[0]!.toFixed(1);
    console.log(`Machine: ${cpus().length} CPUs, load average ${load()}`);
    const interactive: number[] = [];
    const shown: number[] = [];
    const reads: number[] = [];
    let menus: { pointer: number[]; keyboard: number[] } | null = null;
    for (let i = 0; i < OPENS; i++) {
      const opened = await openOnce(browser, origin, courseId, saved);
      interactive.push(opened.interactiveAt);
      shown.push(opened.shownAt);
      reads.push(opened.readsDoneAt);
      if (i === OPENS - 1) menus = await menuTimes(opened.page);
      await opened.context.close();
    }
    console.log(
      `Open a saved 2,000-node course until the outline is interactive, ${OPENS} opens: ` +
        `${figure(interactive)} (target < 1000 ms); first row on screen: ${figure(shown)}; the session's and course's reads answered: ${figure(reads)}`,
    );
    console.log(
      `Row actions menu, pointerdown to the frame showing it, ${menus!.pointer.length} opens: ` +
        `${figure(menus!.pointer)}; Shift+F10 on a row, ${menus!.keyboard.length} opens: ` +
        `${figure(menus!.keyboard)} (a frame is 16.7 ms)`,
    );
    console.log(`Load average now ${load()}`);
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
