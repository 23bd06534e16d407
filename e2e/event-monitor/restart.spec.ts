// Stopping the console server mid-stream (a clean stop, then a crash) while the sandbox keeps producing
// events: the monitor reconnects on its own and ends with every event exactly once. The console server
// runs as its own process here (harness.ts) so it can be stopped and started again.
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

/** Produces a batch every 100 ms until stopped; returns the total created. */
function keepProducing(): { stop(): Promise<number> } {
  let running = true;
  let total = 0;
  const loop = (async () => {
    while (running) {
      total += await env.produce(7);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return total;
    },
  };
}

test('stopping and restarting the console server mid-stream loses and duplicates nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInSupport(page, env);
  await openMonitor(page, env);
  const indicator = page.getByTestId('connection-indicator');

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    const producer = keepProducing();
    await new Promise((resolve) => setTimeout(resolve, 600));
    await env.stopConsole(signal);
    await expect(indicator).toContainText('Reconnecting');
    await expect(
      page.getByRole('status').filter({ hasText: 'Event stream: Reconnecting' }),
    ).toBeAttached();
    // Events keep happening while the console server is down.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await env.startConsole();
    await expect(indicator).toContainText('Live', { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await producer.stop()).toBeGreaterThan(0);
  }

  const feed = await env.feedEvents();
  await loadAllHistory(page);
  await expectShown(page, feed.length, 15_000);
  expect(idsOf(await exportedEvents(page))).toEqual(idsOf(feed));
});
