// The console's repositories, straight against each engine (SQLite in memory, a fresh PostgreSQL
// database): the same calls must give the same answers on both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAuditRepository,
  type NewAuditRecord,
} from '../../src/server/storage/audit-repository.ts';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import { createRelayRepository } from '../../src/server/storage/relay-repository.ts';
import { createRolesRepository } from '../../src/server/storage/roles-repository.ts';
import { createSessionsRepository } from '../../src/server/storage/sessions-repository.ts';
import { createSignInBucketsRepository } from '../../src/server/storage/sign-in-buckets-repository.ts';
import type { NormalizedEvent } from '../../src/server/storage/relay-repository.ts';
import { ENGINES, testDatabase } from '../helpers/test-database.ts';

const event = (id: string, kind: string, timestamp: number, extra: Partial<NormalizedEvent> = {}) =>
  ({
    eventId: id,
    kind,
    timestamp,
    learnerId: null,
    learnerEmail: null,
    learnerName: null,
    courseId: null,
    learningPathId: null,
    payload: JSON.stringify({ id, kind, timestamp }),
    ...extra,
  }) satisfies NormalizedEvent;

const auditEntry = (patch: Partial<NewAuditRecord> = {}): NewAuditRecord => ({
  at: 1_000,
  serverName: 'a',
  userEmail: 'ada@x.test',
  role: 'admin',
  clientAddress: '127.0.0.1',
  method: 'POST',
  route: 'POST /api/v2/content/course/create',
  path: '/api/v2/content/course/create',
  operation: 'createCourses',
  summary: 'create 1 course',
  bodySha256: 'ab',
  bodyBytes: 12,
  status: 200,
  upstreamStatus: 200,
  jobId: null,
  refusal: null,
  durationMs: 1.25,
  outcome: 'completed',
  subjects: [{ type: 'courseGroup', id: 'g1', title: 'Intro' }],
  ...patch,
});

describe.each(ENGINES)('console storage (%s)', (engine) => {
  let store: ConsoleStore;
  beforeAll(async () => {
    store = await openConsoleStore(await testDatabase(engine));
  });
  afterAll(() => store.close());

  it('sessions: insert, find with the role joined in, touch, remove, purge', async () => {
    const sessions = createSessionsRepository(store.db);
    const roles = createRolesRepository(store.db, engine);
    const base = { email: 'ada@x.test', userId: 'u1', firstName: 'Ada', lastName: 'L' };
    await sessions.insert({
      idHash: 'h1',
      ...base,
      createdAt: 10,
      lastSeenAt: 10,
      expiresAt: 1000,
    });
    await sessions.insert({ idHash: 'h2', ...base, createdAt: 10, lastSeenAt: 10, expiresAt: 50 });
    expect(await sessions.find('h1')).toEqual({
      idHash: 'h1',
      ...base,
      createdAt: 10,
      lastSeenAt: 10,
      expiresAt: 1000,
      role: null,
      signInMethod: 'instance',
    });
    await roles.grant('ada@x.test', 'support', 'cli', null, 5);
    expect((await sessions.find('h1'))?.role).toBe('support');
    await sessions.touch('h1', 20);
    await sessions.touch('h1', 15); // never backwards
    expect((await sessions.find('h1'))?.lastSeenAt).toBe(20);
    expect(await sessions.find('nope')).toBeUndefined();
    expect(await sessions.removeExpired(60, 0)).toBe(1); // h2 expired at 50
    expect(await sessions.remove('h1')).toBe(true);
    expect(await sessions.remove('h1')).toBe(false);
  });

  it('roles: upsert, list in order, count admins, revoke', async () => {
    const roles = createRolesRepository(store.db, engine);
    await roles.grant('zed@x.test', 'admin', 'env', null, 1);
    await roles.grant('bob@x.test', 'contentManager', 'console', 'zed@x.test', 2);
    await roles.grant('bob@x.test', 'admin', 'console', 'zed@x.test', 3);
    expect(await roles.find('bob@x.test')).toEqual({
      email: 'bob@x.test',
      role: 'admin',
      source: 'console',
      grantedBy: 'zed@x.test',
      grantedAt: 3,
    });
    expect((await roles.list()).map((grant) => grant.email)).toEqual([
      'ada@x.test',
      'bob@x.test',
      'zed@x.test',
    ]);
    expect(await roles.countAdmins()).toBe(2);
    expect(await roles.revoke('bob@x.test')).toBe(true);
    expect(await roles.revoke('bob@x.test')).toBe(false);
    await expect(
      store.db
        .insertInto('roles')
        .values({
          email: 'x@x.test',
          role: 'owner' as 'admin',
          source: 'cli',
          granted_by: null,
          granted_at: 1,
        })
        .execute(),
    ).rejects.toThrow(/check/i);
  });

  it('audit: filters, keyset pages newest first, and the server name', async () => {
    const audit = createAuditRepository(store.db);
    await audit.insert(auditEntry({ at: 100 }));
    await audit.insert(auditEntry({ at: 200, serverName: 'b', status: 403, refusal: 'no' }));
    await audit.insert(
      auditEntry({
        at: 300,
        userEmail: 'bob@x.test',
        method: 'PUT',
        route: 'PUT /api/v2/content/course/update',
        operation: 'updateCourses',
        status: 400,
      }),
    );
    const all = await audit.page({}, undefined, 10);
    expect(all.map((entry) => entry.at)).toEqual([300, 200, 100]);
    expect(all[2]).toEqual({ seq: all[2]!.seq, signedInWith: null, ...auditEntry({ at: 100 }) });
    const ids = async (filter: Parameters<typeof audit.page>[0]) =>
      (await audit.page(filter, undefined, 10)).map((entry) => entry.at);
    expect(await ids({ user: 'bob@x.test' })).toEqual([300]);
    expect(await ids({ route: 'createCourses' })).toEqual([200, 100]);
    expect(await ids({ route: '/api/v2/content/course/update' })).toEqual([300]);
    expect(await ids({ route: 'POST /api/v2/content/course/create' })).toEqual([200, 100]);
    expect(await ids({ status: { exact: 403 } })).toEqual([200]);
    expect(await ids({ status: { hundreds: 4 } })).toEqual([300, 200]);
    expect(await ids({ server: 'b' })).toEqual([200]);
    expect(await ids({ from: 200, to: 300 })).toEqual([200]);
    expect((await audit.page({}, all[0]!.seq, 1)).map((entry) => entry.at)).toEqual([200]);
    const iterated: number[] = [];
    for await (const entry of audit.iterate({}, 2)) iterated.push(entry.at);
    expect(iterated).toEqual([300, 200, 100]);
  });

  it('audit: a pending row is completed with its answer; a restarted server abandons its own', async () => {
    const audit = createAuditRepository(store.db);
    const pending = {
      status: null,
      upstreamStatus: null,
      durationMs: null,
      outcome: 'pending' as const,
    };
    const mine = await audit.insert(auditEntry({ at: 1000, serverName: 'p1', ...pending }));
    const answered = await audit.insert(auditEntry({ at: 1001, serverName: 'p1', ...pending }));
    const theirs = await audit.insert(auditEntry({ at: 1002, serverName: 'p2', ...pending }));
    await audit.complete(answered, {
      ...auditEntry(),
      summary: 'create 1 course: "Answered"',
      status: 200,
      upstreamStatus: 200,
      jobId: 'job-1',
      durationMs: 42.5,
    });
    expect(await audit.abandonPending('p1')).toBe(1);
    const rows = await audit.page({ from: 1000, to: 1003 }, undefined, 10);
    expect(rows.map(({ seq, outcome, status }) => ({ seq, outcome, status }))).toEqual([
      { seq: theirs, outcome: 'pending', status: null },
      { seq: answered, outcome: 'completed', status: 200 },
      { seq: mine, outcome: 'unknown', status: null },
    ]);
    expect(rows[1]).toMatchObject({
      jobId: 'job-1',
      durationMs: 42.5,
      summary: 'create 1 course: "Answered"',
    });
    expect(
      (await audit.page({ outcome: 'unknown' }, undefined, 10)).map((entry) => entry.seq),
    ).toEqual([mine]);
    expect(mine).toBeLessThan(answered);
  });

  it('relay: idempotent pages, per-kind totals, reading by seq, history filters, retention', async () => {
    const relay = createRelayRepository(store.db, engine);
    await relay.ensureKind('quizAttempt');
    await relay.ensureKind('quizAttempt');
    await relay.ensureKind('courseCompletion');
    const ada = { learnerId: 'L1', learnerEmail: 'ada@x.test', learnerName: 'ada 100%_lovelace' };
    expect(
      await relay.insertPage(
        'quizAttempt',
        [event('e1', 'quizAttempt', 100, ada), event('e2', 'quizAttempt', 200, { courseId: 'C1' })],
        1,
      ),
    ).toBe(2);
    // A re-read page stores only what is new.
    expect(
      await relay.insertPage(
        'quizAttempt',
        [event('e2', 'quizAttempt', 200), event('e3', 'quizAttempt', 300)],
        2,
      ),
    ).toBe(1);
    // The same id under another kind is another event.
    expect(
      await relay.insertPage('courseCompletion', [event('e1', 'courseCompletion', 150)], 3),
    ).toBe(1);
    expect((await relay.kindState('quizAttempt'))?.stored_total).toBe(3);
    const max = await relay.maxSeq();
    const all = await relay.readAfter(0, null, 10);
    expect(all.map((row) => row.seq)).toEqual([...all.map((row) => row.seq)].sort((a, b) => a - b));
    expect(all.at(-1)!.seq).toBe(max);
    expect((await relay.readAfter(all[0]!.seq, ['courseCompletion'], 10)).length).toBe(1);
    expect(await relay.readAfter(0, [], 10)).toEqual([]);
    expect((await relay.readAfter(0, null, 2)).length).toBe(2);

    const kinds = async (filter: Parameters<typeof relay.history>[0]) =>
      (await relay.history(filter, undefined, 10)).map((row) => JSON.parse(row.payload).id);
    expect(await kinds({ kinds: ['courseCompletion'] })).toEqual(['e1']);
    expect(await kinds({ learner: 'ADA@x.test' })).toEqual(['e1']);
    expect(await kinds({ learner: 'L1' })).toEqual(['e1']);
    expect(await kinds({ learner: '100%_love' })).toEqual(['e1']);
    expect(await kinds({ learner: '100_' })).toEqual([]); // _ is a character, not a wildcard
    expect(await kinds({ course: 'C1' })).toEqual(['e2']);
    expect(await kinds({ from: 150, to: 300 })).toEqual(['e1', 'e2']); // courseCompletion e1, then e2
    expect(await relay.deleteOlderThan(160, 1)).toBe(2);
    expect(await kinds({})).toEqual(['e3', 'e2']);
  });

  it('relay: checkpoints only move forward; problems and the next poll are stored', async () => {
    const relay = createRelayRepository(store.db, engine);
    await relay.ensureKind('courseAction');
    await relay.saveCheckpoint('courseAction', 500, 10, 1010);
    await relay.saveCheckpoint('courseAction', 400, 20, 1020); // a late, older chain
    await relay.saveCheckpoint('courseAction', null, 30, 1030);
    expect(await relay.kindState('courseAction')).toMatchObject({
      checkpoint: 500,
      last_success_at: 30,
      state: 'ok',
      next_poll_at: 1030,
      last_error: null,
    });
    await relay.saveProblem('courseAction', {
      state: 'throttled',
      error: 'throttled by the feed (429)',
      errorAt: 40,
      throttledUntil: 2000,
      nextPollAt: 2000,
    });
    expect(await relay.kindState('courseAction')).toMatchObject({
      checkpoint: 500,
      state: 'throttled',
      last_error: 'throttled by the feed (429)',
      throttled_until: 2000,
    });
  });

  it('sign-in buckets: take, refuse with the wait, refill, prune', async () => {
    const buckets = createSignInBucketsRepository(store.db, engine);
    const spec = [
      { key: 'email:a', capacity: 2, refillPerMs: 2 / 1000 },
      { key: 'address:1', capacity: 10, refillPerMs: 10 / 1000 },
    ];
    expect(await buckets.take(spec, 0)).toEqual({ waitMs: 0 });
    expect(await buckets.take(spec, 0)).toEqual({ waitMs: 0 });
    expect(await buckets.take(spec, 0)).toEqual({ waitMs: 500 });
    // The refused attempt took nothing from the address bucket: 8 left, 8 more takes there.
    expect(await buckets.take(spec, 600)).toEqual({ waitMs: 0 });
    expect(await buckets.prune(601)).toBe(2);
    expect(await buckets.take(spec, 601)).toEqual({ waitMs: 0 });
  });

  it('sign-in buckets: attempts racing on one bucket never take more than it holds', async () => {
    const buckets = createSignInBucketsRepository(store.db, engine);
    const spec = [{ key: 'email:race', capacity: 5, refillPerMs: 1e-9 }];
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => buckets.take(spec, 1000)));
    expect(verdicts.filter((verdict) => verdict.waitMs === 0)).toHaveLength(5);
  });
});

describe('event seqs on PostgreSQL', () => {
  it('become visible in seq order even when two writers insert at once', async () => {
    const config = await testDatabase('postgres');
    const one = await openConsoleStore(config);
    const two = await openConsoleStore(config);
    try {
      const writers = [
        createRelayRepository(one.db, 'postgres'),
        createRelayRepository(two.db, 'postgres'),
      ];
      await writers[0]!.ensureKind('k');
      // A reader that follows the table by seq, as every SSE stream does, while both write pages.
      const reader = createRelayRepository(one.db, 'postgres');
      const seen: number[] = [];
      let writing = true;
      const follow = (async () => {
        let after = 0;
        while (writing || seen.length < 600) {
          const rows = await reader.readAfter(after, null, 100);
          for (const row of rows) seen.push(row.seq);
          if (rows.length) after = rows.at(-1)!.seq;
          else await new Promise((resolve) => setTimeout(resolve, 1));
        }
      })();
      await Promise.all(
        writers.map(async (writer, w) => {
          for (let page = 0; page < 30; page++)
            await writer.insertPage(
              'k',
              Array.from({ length: 10 }, (_, i) => event(`w${w}-p${page}-${i}`, 'k', page)),
              1,
            );
        }),
      );
      writing = false;
      await follow;
      const stored = await reader.readAfter(0, null, 1000);
      expect(stored).toHaveLength(600);
      // Nothing was passed over: the follower saw every stored seq.
      expect(seen).toEqual(stored.map((row) => row.seq));
    } finally {
      await one.close();
      await two.close();
    }
  });
});
