// Scroll smoothness of the course-group browser over 10,000 loaded rows, in Chromium (the Debian
// chromium, headless, software rendering). The console build is served from a temporary directory and
// the console server's API is answered by Playwright with a synthetic 10,000-group catalog, so the
// figure is the browser's rendering alone. Reported: frames longer than 50 ms while scrolling.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Page } from 'playwright';
import { buildConsole } from './console-build.ts';

const ROWS = 10_000;
const PER_PAGE = 500;
const LONG_FRAME_MS = 50;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

function serveStatic(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0]!));
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(root, 'index.html'); // SPA history fallback
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

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
  const json = (body: unknown) => ({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });
  await page.route('**/api/session', (route) =>
    route.fulfill(
      json({
        user: { id: uuid(1, 9), email: 'bench@lectern.test', firstName: 'Bench', lastName: 'User' },
        role: 'support',
        capabilities: {
          read: true,
          createAndUpdate: false,
          uploadTranslations: false,
          publish: false,
          archive: false,
          bulkOperations: false,
          manageRoles: false,
          readAudit: false,
          watchEvents: true,
        },
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    ),
  );
  await page.route('**/api/v2/courseGroups?*', (route) => {
    const url = new URL(route.request().url());
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const perPage = Number(url.searchParams.get('perPage') ?? 50);
    const end = Math.min(start + perPage, ROWS);
    const hasMore = end < ROWS;
    return route.fulfill(
      json({
        pageInfo: {
          perPage: end - start,
          total: ROWS,
          hasMore,
          ...(hasMore ? { cursor: String(end) } : {}),
        },
        courseGroups: Array.from({ length: end - start }, (_, i) => group(start + i)),
      }),
    );
  });
}

// In-page code as a string: tsx would otherwise wrap named functions in a helper the page lacks.
const SCROLL_AND_TIME = `(step) => new Promise((resolve) => {
  const element = document.querySelector('[data-testid="vtable-scroll"]');
  const frames = [];
  let last = performance.now();
  let direction = 1;
  const max = element.scrollHeight - element.clientHeight;
  element.scrollTop = 0;
  const tick = (now) => {
    frames.push(now - last);
    last = now;
    element.scrollTop += direction * step;
    if (direction === 1 && element.scrollTop >= max) direction = -1;
    else if (direction === -1 && element.scrollTop <= 0) return resolve(frames.slice(1));
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})`;

/** Scrolls the list from top to bottom and back, `step` px per animation frame; returns frame times. */
function scrollAndTime(page: Page, step: number): Promise<number[]> {
  return page.evaluate(`(${SCROLL_AND_TIME})(${step})`) as Promise<number[]>;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export async function run(): Promise<void> {
  const { outDir } = await buildConsole();
  const server = await serveStatic(outDir);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
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

    const [load1] = loadavg();
    console.log(
      `Machine: ${cpus().length} CPUs, load average ${load1!.toFixed(1)} (other processes compete for frames)`,
    );
    console.log(
      `Rows loaded: ${loadedText} in ${(loadMs / 1000).toFixed(1)} s (${ROWS / PER_PAGE} pages); rows in the DOM: ${domRows}`,
    );
    for (const step of [200, 1000]) {
      const frames = await scrollAndTime(page, step);
      const long = frames.filter((ms) => ms > LONG_FRAME_MS).length;
      console.log(
        `Scroll ${step} px/frame over ${ROWS.toLocaleString('en')} rows and back: ${frames.length} frames, ` +
          `${long} over ${LONG_FRAME_MS} ms (${((long / frames.length) * 100).toFixed(2)}%), ` +
          `p50 ${percentile(frames, 50).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, ` +
          `max ${Math.max(...frames).toFixed(1)} ms`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
