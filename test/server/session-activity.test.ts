// A session's activity is written to the database in the background. A read that reaches the database
// before that write lands (the cache entry just aged out) must not judge idleness by the older time:
// that ended a busy session now and then in sign-in.test.ts under load, with the clock 15 minutes on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createSessionService } from '../../src/server/auth/session-service.ts';
import { createCoordination } from '../../src/server/storage/open-coordination.ts';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import { createSessionsRepository } from '../../src/server/storage/sessions-repository.ts';
import { ENGINES, testDatabase } from '../helpers/test-database.ts';

const MINUTE = 60_000;

describe.each(ENGINES)('session activity written in the background (%s)', (engine) => {
  let store: ConsoleStore;
  beforeAll(async () => {
    store = await openConsoleStore(await testDatabase(engine));
  });
  afterAll(() => store.close());

  it('keeps a session alive while its last activity is still being written', async () => {
    const repo = createSessionsRepository(store.db);
    const landed: Promise<void>[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The write of the activity waits until the test lets it through.
    const slowRepo = {
      ...repo,
      touch: (idHash: string, at: number) => {
        const write = gate.then(() => repo.touch(idHash, at));
        landed.push(write);
        return write;
      },
    };
    let clock = 1_000_000;
    const log = pino({ level: 'silent' });
    const coordination = await createCoordination(store, {
      serverName: 'a',
      log,
      leaseCheckMs: 1000,
    });
    const sessions = createSessionService(slowRepo, {
      idleMs: 30 * MINUTE,
      absoluteMs: 12 * 60 * MINUTE,
      now: () => clock,
      coordination,
      log,
      cacheMs: 0, // every check reads the database, as after the 500 ms cache entry aged out
    });
    const { id } = await sessions.start({
      email: 'ada@lectern.test',
      userId: 'u1',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });

    clock += 20 * MINUTE;
    expect(await sessions.resolve(id)).toBeDefined(); // active now; the write is still in flight
    clock += 20 * MINUTE; // 40 minutes after sign-in, 20 after the last use
    expect(await sessions.resolve(id)).toBeDefined();

    release();
    await Promise.all(landed);
    clock += 20 * MINUTE;
    expect(await sessions.resolve(id)).toBeDefined();
    clock += 31 * MINUTE; // idle for longer than 30 minutes: over
    expect(await sessions.resolve(id)).toBeUndefined();
    await coordination.close();
  });
});
