// Event monitor rendering, in Chromium against a real console server and sandbox (own processes):
//   1. sustained: the sandbox simulator produces 10,000 events a minute for SUSTAIN_S seconds while the
//      monitor shows them; figures: events rendered per second, dropped frames (requestAnimationFrame
//      sampling), main-thread busy time (CDP Performance.getMetrics TaskDuration), and how far behind
//      the feed the monitor ends;
//   2. load: 100,000 events; figures: time until all are loaded, JS heap after a forced GC, and frames
//      while scrolling through the list with all of them loaded.
import { chromium, type CDPSession, type Page } from 'playwright';
import { MonitorEnv, STAFF } from '../e2e/event-monitor/harness.ts';
import { CHROMIUM_ARGS } from '../e2e/support/chromium-flags.ts';

const RATE_PER_MINUTE = 10_000;
const SUSTAIN_S = 20;
const LOAD_EVENTS = 100_000;
const FRAME_MS = 1000 / 60;

async function shown(page: Page, testId: 'shown-count' | 'loaded-count'): Promise<number> {
  return Number(((await page.getByTestId(testId).textContent()) ?? '0').replace(/,/g, ''));
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return Object.fromEntries(list.map((metric) => [metric.name, metric.value]));
}

/** Starts sampling frame intervals in the page; the returned function stops and summarizes. */
async function sampleFrames(
  page: Page,
): Promise<() => Promise<{ frames: number; dropped: number; longest: number; p95: number }>> {
  // A string, not a function: tsx's name-keeping helpers do not exist in the page.
  await page.evaluate(`(() => {
    const state = { intervals: [], last: performance.now(), running: true };
    window.__frames = state;
    requestAnimationFrame(function tick(now) {
      state.intervals.push(now - state.last);
      state.last = now;
      if (state.running) requestAnimationFrame(tick);
    });
  })()`);
  return async () => {
    const intervals = await page.evaluate<number[]>(
      `(() => { window.__frames.running = false; return window.__frames.intervals.slice(1); })()`,
    );
    const sorted = [...intervals].sort((a, b) => a - b);
    return {
      frames: intervals.length,
      // A frame that took k vsync periods dropped k - 1 of them.
      dropped: intervals.reduce(
        (sum, value) => sum + Math.max(0, Math.round(value / FRAME_MS) - 1),
        0,
      ),
      longest: sorted[sorted.length - 1] ?? 0,
      p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    };
  };
}

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** SUSTAIN_S seconds of the simulator at RATE_PER_MINUTE while the monitor shows what arrives. */
async function sustain(env: MonitorEnv, page: Page, cdp: CDPSession, label: string): Promise<void> {
  const feedBefore = (await env.feedEvents()).length;
  const loadedBefore = await shown(page, 'loaded-count');
  const stopFrames = await sampleFrames(page);
  const before = await metrics(cdp);
  const started = Date.now();
  await env.settings({ activityPerMinute: RATE_PER_MINUTE });
  await page.waitForTimeout(SUSTAIN_S * 1000);
  const after = await metrics(cdp);
  const elapsedS = (Date.now() - started) / 1000;
  const rendered = (await shown(page, 'loaded-count')) - loadedBefore;
  const frames = await stopFrames();
  await env.settings({ activityPerMinute: 0 });
  const stopped = Date.now();
  const produced = (await env.feedEvents()).length - feedBefore;
  const wall = after.Timestamp! - before.Timestamp!;
  const share = (name: string) => (100 * (after[name]! - before[name]!)) / wall;
  console.log(`sustained ${fmt(RATE_PER_MINUTE)} events/min for ${fmt(elapsedS, 1)} s, ${label}:`);
  console.log(
    `  events rendered per second  ${fmt(rendered / elapsedS, 1)} (feed produced ${fmt(produced / elapsedS, 1)}/s)`,
  );
  console.log(
    `  frames                      ${fmt(frames.frames)} sampled, ${fmt(frames.dropped)} dropped (${fmt((100 * frames.dropped) / Math.max(1, frames.frames + frames.dropped), 2)} %), p95 ${fmt(frames.p95, 1)} ms, longest ${fmt(frames.longest, 1)} ms`,
  );
  console.log(
    `  main thread busy            ${fmt(share('TaskDuration'), 1)} % (script ${fmt(share('ScriptDuration'), 1)} %, style+layout ${fmt(share('RecalcStyleDuration') + share('LayoutDuration'), 1)} %)`,
  );
  while (
    (await shown(page, 'loaded-count')) < loadedBefore + produced &&
    Date.now() - stopped < 30_000
  )
    await page.waitForTimeout(50);
  console.log(
    `  every produced event shown  ${fmt((Date.now() - stopped) / 1000, 1)} s after the simulator stopped`,
  );
}

export async function run(): Promise<void> {
  const env = new MonitorEnv({ pollMs: 250 });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    await env.start();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const signIn = await page.request.post(`${env.url}/api/session`, {
      data: STAFF.support,
      headers: { 'X-Lectern-Csrf': '1', origin: env.url },
    });
    if (signIn.status() !== 200) throw new Error(`sign-in ${signIn.status()}`);
    await page.goto(`${env.url}/events`);
    await page.getByTestId('connection-indicator').getByText('Live', { exact: true }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    await sustain(env, page, cdp, 'with a fresh monitor');
    // 2. 100,000 events loaded.
    const loadStart = Date.now();
    const target = (await shown(page, 'loaded-count')) + LOAD_EVENTS;
    const created = await env.produce(LOAD_EVENTS);
    while (
      (await shown(page, 'loaded-count')) < target - (LOAD_EVENTS - created) &&
      Date.now() - loadStart < 300_000
    )
      await page.waitForTimeout(250);
    const loaded = await shown(page, 'loaded-count');
    const loadS = (Date.now() - loadStart) / 1000;
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await metrics(cdp);
    console.log(
      `${fmt(loaded)} events loaded (${fmt(created)} produced at once, in the monitor after ${fmt(loadS, 1)} s):`,
    );
    console.log(
      `  JS heap after GC            ${fmt(heap.JSHeapUsedSize! / 1024 / 1024, 1)} MiB used (${fmt(heap.JSHeapTotalSize! / 1024 / 1024, 1)} MiB total), DOM nodes ${fmt(heap.Nodes!)}`,
    );

    await sustain(env, page, cdp, `with ${fmt(loaded)} events loaded`);

    const stopScrollFrames = await sampleFrames(page);
    await page.evaluate(`(async () => {
      const element = document.querySelector('[data-testid="event-list-scroll"]');
      const end = performance.now() + 3000;
      while (performance.now() < end) {
        element.scrollTop += 600;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    })()`);
    const scrolling = await stopScrollFrames();
    console.log(
      `scrolling the list for 3 s   (600 px/frame) ${fmt(scrolling.frames)} frames, ${fmt(scrolling.dropped)} dropped, p95 ${fmt(scrolling.p95, 1)} ms`,
    );
  } finally {
    await browser.close();
    await env.close();
  }
}
