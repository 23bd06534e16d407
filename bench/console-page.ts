// Shared by the Chromium benchmarks of the console's virtual tables (console-scroll, price-grid): the
// console server's API answered by Playwright (a session, cursor-paged lists), and frame times while a
// table is scrolled from top to bottom and back.
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type Page, type Route } from 'playwright';
import { z } from '#contract/zod.ts';
import { Capabilities, type SessionView } from '#contract/console/session.ts';
import { buildConsole } from './console-build.ts';
import { serveStatic } from './editor-serve.ts';
import { CHROMIUM_ARGS } from '../e2e/support/chromium-flags.ts';

/** Debian's Chromium, headless, software rendering. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** Builds the console, serves the build on a free port and opens it in Chromium; closes both after. */
export async function withConsolePage(
  viewport: { width: number; height: number },
  use: (page: Page, origin: string) => Promise<void>,
): Promise<void> {
  const { outDir } = await buildConsole();
  const server = await serveStatic(outDir);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  try {
    await use(await browser.newPage({ viewport }), origin);
  } finally {
    await browser.close();
    server.close();
  }
}

/** The machine's cores and load, printed beside frame figures (other processes compete for frames). */
export function printMachine(): void {
  const [load1] = loadavg();
  console.log(
    `Machine: ${cpus().length} CPUs, load average ${load1!.toFixed(1)} (other processes compete for frames)`,
  );
}

export const json = (body: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

/**
 * A signed-in session of `role` ('admin' may do everything, 'support' reads and watches), typed by the
 * contract: a session the console's parse refuses would leave every page on an error.
 */
export function benchSession(role: 'admin' | 'support', userId = 'bench'): SessionView {
  const admin = role === 'admin';
  const capabilities = Object.fromEntries(
    z.keyof(Capabilities).options.map((capability) => [capability, admin]),
  ) as Capabilities;
  return {
    user: { id: userId, email: 'bench@lectern.test', firstName: 'Bench', lastName: 'User' },
    role,
    capabilities: { ...capabilities, read: true, watchEvents: true, readAlerts: true },
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    signedInWith: 'instance',
  };
}

/** Answers `/api/session` with a signed-in user of `role`. */
export async function mockSession(page: Page, role: 'admin' | 'support', userId: string) {
  await page.route('**/api/session', (route) => route.fulfill(json(benchSession(role, userId))));
}

/** Answers a cursor-paged list of `total` items (the cursor is the next index) under `key`. */
export function fulfillCursorPage(
  route: Route,
  total: number,
  key: string,
  item: (n: number) => unknown,
) {
  const url = new URL(route.request().url());
  const start = Number(url.searchParams.get('cursor') ?? 0);
  const perPage = Number(url.searchParams.get('perPage') ?? 50);
  const end = Math.min(start + perPage, total);
  const hasMore = end < total;
  return route.fulfill(
    json({
      pageInfo: {
        perPage: end - start,
        total,
        hasMore,
        ...(hasMore ? { cursor: String(end) } : {}),
      },
      [key]: Array.from({ length: end - start }, (_, i) => item(start + i)),
    }),
  );
}

// In-page code as a string: tsx would otherwise wrap named functions in a helper the page lacks.
const SCROLL_AND_TIME = `([selector, step]) => new Promise((resolve) => {
  const element = document.querySelector(selector);
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

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/**
 * Scrolls the element matching `selector` from top to bottom and back, `step` px per animation
 * frame, and describes the frame times: how many, how many over `longMs`, p50, p95 and max.
 */
export async function scrollFigures(
  page: Page,
  selector: string,
  step: number,
  longMs: number,
): Promise<string> {
  const frames = (await page.evaluate(
    `(${SCROLL_AND_TIME})(${JSON.stringify([selector, step])})`,
  )) as number[];
  const long = frames.filter((ms) => ms > longMs).length;
  return (
    `${frames.length} frames, ${long} over ${longMs} ms (${((long / frames.length) * 100).toFixed(2)}%), ` +
    `p50 ${percentile(frames, 50).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, ` +
    `max ${Math.max(...frames).toFixed(1)} ms`
  );
}
