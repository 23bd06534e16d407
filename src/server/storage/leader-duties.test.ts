import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createLeaderDuties, periodicDuty } from './leader-duties.ts';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('leader duties', () => {
  it('start with the lease, stop when it is lost, and join late at once', async () => {
    const duties = createLeaderDuties();
    const events: string[] = [];
    const duty = (name: string) => ({
      name,
      start: () => void events.push(`start ${name}`),
      stop: async () => void events.push(`stop ${name}`),
    });
    duties.add(duty('a'));
    expect(events).toEqual([]);
    duties.start();
    duties.start();
    const removeB = duties.add(duty('b'));
    await duties.stop();
    await duties.stop();
    await removeB();
    duties.start();
    expect(events).toEqual(['start a', 'start b', 'stop a', 'stop b', 'start a']);
  });

  it('runs a periodic duty at once, never twice at a time, and waits for the run in flight when stopped', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const duty = periodicDuty({
      name: 'test duty',
      everyMs: () => 5,
      log,
      run: async () => {
        runs++;
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => (release = resolve));
        running--;
      },
    });
    duty.start();
    expect(runs).toBe(1);
    const joined = duty.runNow();
    expect(runs).toBe(1);
    release();
    await joined;
    await vi.waitFor(() => expect(runs).toBe(2));
    const stopped = duty.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await sleep(20);
    expect(done).toBe(false);
    release();
    await stopped;
    await sleep(20);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it('logs a failed run and keeps its schedule', async () => {
    let runs = 0;
    const duty = periodicDuty({
      name: 'failing duty',
      everyMs: () => 5,
      log,
      run: async () => {
        runs++;
        throw new Error('boom');
      },
    });
    duty.start();
    await vi.waitFor(() => expect(runs).toBeGreaterThan(2));
    await duty.stop();
  });
});
