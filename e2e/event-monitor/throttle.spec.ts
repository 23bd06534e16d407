// The sandbox's feed answers 429: the monitor says "throttled upstream" with the time until the relay
// polls again, the relay status says which kinds wait and why, and nothing produced meanwhile is lost.
import { expect, test } from '@playwright/test';
import {
  expectShown,
  exportedEvents,
  idsOf,
  loadAllHistory,
  openMonitor,
  signInSupport,
  useMonitorEnv,
} from './pages.ts';

const env = useMonitorEnv();

test('throttling is shown when the sandbox answers 429, with the time until the next poll', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInSupport(page, env);
  await openMonitor(page, env);
  const indicator = page.getByTestId('connection-indicator');

  // Twelve requests a minute for the relay's eight kinds: 429 with Retry-After of up to 5 s (long
  // enough to see the countdown move, short enough not to wait 15 s for the lift to show).
  await env.settings({ eventsRateLimit: { perMinute: 12, burst: 1 } });
  await env.produce(30);
  await expect(indicator).toContainText('Throttled upstream', { timeout: 15_000 });
  await expect(indicator).toContainText(/The feed answered 429; next poll in \d+ s/);

  // The countdown counts down. Read first while the wait the 429 named is young (4 s or more shown):
  // read near its end, the next poll's new 429 could restart it within the 2.1 s below.
  const seconds = async () =>
    Number(/next poll in (\d+) s/.exec((await indicator.textContent()) ?? '')?.[1] ?? NaN);
  await expect(indicator).toContainText(/next poll in ([4-9]|\d\d) s/, { timeout: 15_000 });
  const first = await seconds();
  await page.waitForTimeout(2100);
  const later = await seconds();
  expect(later < first || Number.isNaN(later)).toBe(true);

  await expect(
    page.getByRole('status').filter({ hasText: 'Event stream: Throttled upstream' }),
  ).toBeAttached();

  // The relay's per-kind status opens by itself while kinds are in trouble.
  const table = page.getByRole('table', { name: 'Relay status per event kind' });
  await expect(table).toBeVisible();
  // The kind whose poll met the 429 says so; the others wait for the same shared gate.
  await expect(
    table.getByRole('row').filter({ hasText: 'throttled by the feed (429)' }).first(),
  ).toContainText('Throttled');

  // Lifted: live again, and every event produced meanwhile arrives once.
  await env.settings({ eventsRateLimit: { perMinute: 1_000_000, burst: 100_000 } });
  await expect(indicator).toContainText(/^\s*Live/, { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Event stream: Live' })).toBeAttached();
  const feed = await env.feedEvents();
  await loadAllHistory(page);
  await expectShown(page, feed.length, 15_000);
  expect(idsOf(await exportedEvents(page))).toEqual(idsOf(feed));
});
