// Scroll smoothness of the course-group browser over 10,000 loaded rows, in Chromium (the Debian
// chromium, headless, software rendering). The console build is served from a temporary directory and
// the console server's API is answered by Playwright with a synthetic 10,000-group catalog, so the
// figure is the browser's rendering alone. Reported: frames longer than 50 ms while scrolling.
import type { Page } from 'playwright';
import {
  fulfillCursorPage,
  mockSession,
  printMachine,
  scrollFigures,
  withConsolePage,
} from './console-page.ts';

const ROWS = 10_000;
const PER_PAGE = 500;
const LONG_FRAME_MS = 50;
const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');
const uuid = (n: number, salt: number) =>
  `${hex(n, 8)}-${hex(salt, 4)}-4${hex(n % 4096, 3)}-8${hex(salt, 3)}-${hex(n, 12)}`;
const KINDS = ['courseGroup', 'microCourse', 'article', 'video', 'shareableContentObject'] as const;
const STATUSES = ['published', 'draft', 'archived', 'pending'] as const;

function group(n: number) {
  return {
    id: uuid(n, 1),
    title: `Course group ${n + 1}: ${['Foundations', 'Advanced', 'Practical', 'Applied'][n % 4]} topic ${n % 97}`,
    slug: `course-group-${n + 1}`,
    kind: KINDS[n % KINDS.length],
    status: STATUSES[n % STATUSES.length],
    isTemplate: n % 13 === 0,
    language: n % 5 === 0 ? 'fr' : 'en',
    contentType: 'course',
    authors: n % 3 === 0 ? [] : ['Ada Lovelace', 'Grace Hopper'].slice(0, (n % 2) + 1),
    source: n % 4 === 0 ? null : 'Catalog import',
    description: '',
    displayCourseId: uuid(n, 2),
    courseCount: 1 + (n % 3),
  };
}

async function mockConsoleServer(page: Page): Promise<void> {
  await mockSession(page, 'support', uuid(1, 9));
  await page.route('**/api/v2/courseGroups?*', (route) =>
    fulfillCursorPage(route, ROWS, 'courseGroups', group),
  );
}

export async function run(): Promise<void> {
  await withConsolePage({ width: 1280, height: 800 }, async (page, origin) => {
    await mockConsoleServer(page);
    await page.goto(`${origin}/course-groups?perPage=${PER_PAGE}`);
    const count = page.getByTestId('list-count');
    await count.waitFor();
    // Load every page by scrolling to the end until the cursor chain stops (hasMore: false).
    const loadStarted = performance.now();
    const end = page.getByTestId('list-end');
    while (!(await end.isVisible())) {
      await page
        .getByTestId('vtable-scroll')
        .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await page.waitForTimeout(30);
    }
    const loadMs = performance.now() - loadStarted;
    const loadedText = await count.textContent();
    const domRows = await page.locator('.vtable__body [role="row"]').count();

    printMachine();
    console.log(
      `Rows loaded: ${loadedText} in ${(loadMs / 1000).toFixed(1)} s (${ROWS / PER_PAGE} pages); rows in the DOM: ${domRows}`,
    );
    for (const step of [200, 1000]) {
      const figures = await scrollFigures(
        page,
        '[data-testid="vtable-scroll"]',
        step,
        LONG_FRAME_MS,
      );
      console.log(
        `Scroll ${step} px/frame over ${ROWS.toLocaleString('en')} rows and back: ${figures}`,
      );
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
