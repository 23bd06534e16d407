// The per-request session check reads an in-process cache (auth/session-service.ts). Under steady use
// the cache renews an entry in the background before it runs out, so no read waits for the database;
// reads that miss together share one database read; and an invalidation (sign-out, role change) on
// another server applies at once, even with a renewal under way that read the session before it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { createSessionService, type SessionChange } from '../../src/server/auth/session-service.ts';
import type { Coordination } from '../../src/server/storage/coordination.ts';
import { createCoordination } from '../../src/server/storage/open-coordination.ts';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import {
  createSessionsRepository,
  type SessionRecord,
  type SessionsRepository,
} from '../../src/server/storage/sessions-repository.ts';
import { ENGINES, testDatabase } from '../helpers/test-database.ts';
import { createRolesRepository } from '../../src/server/storage/roles-repository.ts';

const MINUTE = 60_000;
const CACHE_MS = 1000;
const log = pino({ level: 'silent' });
const ADA = { email: 'ada@lectern.test', userId: 'u1', firstName: 'Ada', lastName: 'Lovelace' };

/** The repository, counting its reads; a read can be held after it has read the row. */
function countingRepo(repo: SessionsRepository) {
  let hold: Promise<void> | null = null;
  const counted = {
    finds: 0,
    /** Reads from now on return only once `release` is called (having read the row before). */
    holdReads() {
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
    repo: {
      ...repo,
      async find(idHash: string): Promise<SessionRecord | undefined> {
        counted.finds += 1;
        const gate = hold;
        const row = await repo.find(idHash);
        if (gate) await gate;
        return row;
      },
    },
  };
  return counted;
}

const service = (repo: SessionsRepository, coordination: Coordination) =>
  createSessionService(repo, {
    idleMs: 30 * MINUTE,
    absoluteMs: 12 * 60 * MINUTE,
    now: () => Date.now(),
    coordination,
    log,
    cacheMs: CACHE_MS,
  });

/** Lets promise callbacks and database round trips run until `check` holds. */
async function until(check: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe.each(ENGINES)('session cache (%s)', (engine) => {
  let store: ConsoleStore;
  let coordination: Coordination;
  beforeAll(async () => {
    store = await openConsoleStore(await testDatabase(engine));
    coordination = await createCoordination(store, {
      serverName: 'a',
      log,
      leaseCheckMs: 1000,
    });
  });
  afterAll(async () => {
    await coordination.close();
    await store.close();
  });
  // The cache's clock only: the database and the test's waits keep real time.
  beforeAll(() => void vi.useFakeTimers({ toFake: ['performance'] }));
  afterAll(() => void vi.useRealTimers());

  it('renews an entry in use in the background, once, before it runs out', async () => {
    const counted = countingRepo(createSessionsRepository(store.db));
    const sessions = service(counted.repo, coordination);
    const { id } = await sessions.start(ADA);
    expect((await sessions.resolve(id))?.email).toBe(ADA.email);
    expect(counted.finds).toBe(1);

    vi.advanceTimersByTime(CACHE_MS / 2 - 1);
    expect(sessions.cached(id)?.email).toBe(ADA.email);
    expect(counted.finds).toBe(1); // young enough: no read

    const release = counted.holdReads();
    vi.advanceTimersByTime(1);
    // Half its life gone: every request is still answered from the cache; one renewal is begun.
    for (let i = 0; i < 50; i++) expect(sessions.cached(id)?.email).toBe(ADA.email);
    expect(counted.finds).toBe(1 + 1);
    release();
    await until(() => {
      vi.advanceTimersByTime(0);
      return !sessions.cached(id) || counted.finds === 2;
    }, 'the renewal');
    await new Promise((resolve) => setTimeout(resolve, 20));

    // Past the first read's 1,000 ms, the renewed entry still answers without the database.
    vi.advanceTimersByTime(CACHE_MS / 2 + 10);
    expect(sessions.cached(id)?.email).toBe(ADA.email);
    // Not used for a whole cache life: the next request asks the database.
    vi.advanceTimersByTime(CACHE_MS);
    expect(sessions.cached(id)).toBeUndefined();
  });

  it('shares one database read between reads that miss together; a write reads on its own', async () => {
    const counted = countingRepo(createSessionsRepository(store.db));
    const sessions = service(counted.repo, coordination);
    const { id } = await sessions.start(ADA);
    const release = counted.holdReads();
    const reads = Array.from({ length: 20 }, () => sessions.resolve(id));
    const write = sessions.resolve(id, { fresh: true });
    release();
    const answers = await Promise.all([...reads, write]);
    expect(answers.map((answer) => answer?.email)).toEqual(Array(21).fill(ADA.email));
    expect(counted.finds).toBe(2);
  });

  it('drops a renewal begun before a sign-out: the session is refused at once', async () => {
    const counted = countingRepo(createSessionsRepository(store.db));
    const sessions = service(counted.repo, coordination);
    const { id } = await sessions.start(ADA);
    await sessions.resolve(id);
    const release = counted.holdReads();
    vi.advanceTimersByTime(CACHE_MS / 2);
    expect(sessions.cached(id)?.email).toBe(ADA.email); // begins a renewal, which reads the live row
    await until(() => counted.finds === 2, 'the renewal to begin');
    await new Promise((resolve) => setTimeout(resolve, 50)); // it has read the row by now

    expect(await sessions.end(id)).toBe(true);
    expect(sessions.cached(id)).toBeUndefined();
    release(); // the renewal lands with the row as it was before the sign-out
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sessions.cached(id)).toBeUndefined();
    expect(await sessions.resolve(id)).toBeUndefined();
  });
});

describe('session cache on two servers (postgres)', () => {
  const servers: { store: ConsoleStore; coordination: Coordination }[] = [];
  beforeAll(async () => {
    const database = await testDatabase('postgres');
    for (const serverName of ['a', 'b']) {
      const store = await openConsoleStore(database);
      servers.push({
        store,
        coordination: await createCoordination(store, { serverName, log, leaseCheckMs: 1000 }),
      });
    }
  });
  afterAll(async () => {
    for (const { store, coordination } of servers) {
      await coordination.close();
      await store.close();
    }
  });
  afterEach(() => void vi.useRealTimers());

  /** Resolves with B's next session change. */
  const nextChange = (sessions: ReturnType<typeof service>) =>
    new Promise<SessionChange>((resolve) => {
      const stop = sessions.onChange((change) => {
        stop();
        resolve(change);
      });
    });

  it("refuses on B, as soon as A's sign-out is announced, a session B holds and is renewing", async () => {
    // The entries never run out here: only the announcement can make B refuse the session.
    vi.useFakeTimers({ toFake: ['performance'] });
    const [a, b] = servers.map(({ store, coordination }) => {
      const counted = countingRepo(createSessionsRepository(store.db));
      return { counted, sessions: service(counted.repo, coordination) };
    });
    const { id } = await a!.sessions.start(ADA);
    expect((await b!.sessions.resolve(id))?.email).toBe(ADA.email);

    const release = b!.counted.holdReads();
    vi.advanceTimersByTime(CACHE_MS / 2);
    expect(b!.sessions.cached(id)?.email).toBe(ADA.email); // B begins a renewal
    await until(() => b!.counted.finds === 2, "B's renewal to begin");
    await new Promise((resolve) => setTimeout(resolve, 50)); // it has read the live row

    const announced = nextChange(b!.sessions);
    expect(await a!.sessions.end(id)).toBe(true);
    expect(await announced).toMatchObject({ kind: 'ended' });
    expect(b!.sessions.cached(id)).toBeUndefined();
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(b!.sessions.cached(id)).toBeUndefined();
    expect(await b!.sessions.resolve(id)).toBeUndefined();
  });

  it('re-reads on B, as soon as A announces it, the role of a session B holds', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const [a, b] = servers.map(({ store, coordination }) =>
      service(createSessionsRepository(store.db), coordination),
    );
    const roles = createRolesRepository(servers[0]!.store.db, 'postgres');
    const { id } = await a!.start({ ...ADA, email: 'bea@lectern.test' });
    expect((await b!.resolve(id))?.role).toBeNull();

    await roles.grant('bea@lectern.test', 'support', 'console', 'admin@lectern.test', Date.now());
    const announced = nextChange(b!);
    a!.roleChanged('bea@lectern.test');
    expect(await announced).toEqual({ kind: 'role', email: 'bea@lectern.test' });
    expect(b!.cached(id)).toBeUndefined();
    expect((await b!.resolve(id))?.role).toBe('support');
  });
});
