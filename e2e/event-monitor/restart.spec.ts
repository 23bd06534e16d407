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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Produces a batch every 100 ms until stopped; returns the total created. */
function keepProducing(): { batches(count: number): Promise<void>; stop(): Promise<number> } {
  let running = true;
  let total = 0;
  let made = 0;
  let failure: unknown;
  const loop = (async () => {
    while (running) {
      total += await env.produce(7);
      made++;
      await sleep(100);
    }
  })().catch((error: unknown) => {
    failure = error;
  });
  return {
    /** Resolves once `count` more batches are in the sandbox (a count, not a guess at a time). */
    async batches(count: number) {
      const target = made + count;
      while (made < target) {
        if (failure) throw failure;
        await sleep(25);
      }
    },
    async stop() {
      running = false;
      await loop;
      if (failure) throw failure;
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
    await producer.batches(3);
    await env.stopConsole(signal);
    await expect(indicator).toContainText('Reconnecting');
    await expect(
      page.getByRole('status').filter({ hasText: 'Event stream: Reconnecting' }),
    ).toBeAttached();
    // Events keep happening while the console server is down (and while it starts again).
    await producer.batches(3);
    await env.startConsole();
    await expect(indicator).toContainText('Live', { timeout: 15_000 });
    await producer.batches(3);
    expect(await producer.stop()).toBeGreaterThan(0);
  }

  const feed = await env.feedEvents();
  await loadAllHistory(page);
  await expectShown(page, feed.length, 15_000);
  expect(idsOf(await exportedEvents(page))).toEqual(idsOf(feed));
});
