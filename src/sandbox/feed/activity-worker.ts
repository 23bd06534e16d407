// Background simulator: produces `settings.activityPerMinute` events per minute (0 = off), in one
// batch per tick. The rate is read on every tick, so PUT /sandbox/settings applies at once.
import type { FastifyBaseLogger } from 'fastify';
import type { SettingsStore } from '../settings.ts';
import type { ActivitySimulator } from './activity-simulator.ts';

export interface Worker {
  start(): void;
  stop(): Promise<void>;
}

const TICK_MS = 1000;
/** After a stall (a slow disk, a paused process) catch up at most this many ticks at once. */
const MAX_CATCH_UP_TICKS = 5;

export function createActivityWorker(
  simulator: ActivitySimulator,
  settings: SettingsStore,
  companyId: string,
  log: FastifyBaseLogger,
): Worker {
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let running: Promise<unknown> | undefined;
  let due = 0;
  let lastTick = 0;
  let rate = settings.get().activityPerMinute;

  const tick = () => {
    const now = Date.now();
    const elapsed = Math.min(now - lastTick, TICK_MS * MAX_CATCH_UP_TICKS);
    lastTick = now;
    if (rate <= 0) return;
    const perTick = (rate * TICK_MS) / 60_000;
    due = Math.min(due + (rate * elapsed) / 60_000, perTick * MAX_CATCH_UP_TICKS);
    const count = Math.floor(due);
    // A batch still running (a very high rate) keeps what is due for the next tick.
    if (count < 1 || running) return;
    due -= count;
    running = simulator
      .produce(companyId, count)
      .catch((error: unknown) => log.error({ err: error }, 'activity simulator failed'))
      .finally(() => (running = undefined));
  };

  return {
    start() {
      lastTick = Date.now();
      unsubscribe = settings.onChange((next) => {
        if (next.activityPerMinute === rate) return;
        rate = next.activityPerMinute;
        due = 0;
      });
      timer = setInterval(tick, TICK_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      unsubscribe?.();
      await running;
    },
  };
}
