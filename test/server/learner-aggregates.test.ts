// The learner summary kept at insert time (storage/learner-aggregates.ts) says exactly what the summary
// computed from every stored event said before (helpers/learner-summary-oracle.ts), on both engines: for
// random pages of random events (out of time order across kinds, events the feed delivers again, ids
// shared across kinds, blank or missing titles, progress that is not a figure, no learner object, kinds
// the console does not know), after retention deleted the oldest, and after the migration that made the
// tables backfilled them from events stored before it.
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/server/config.ts';
import { EVENT_KINDS } from '#contract/enum-lists.ts';
import { readLearnerSummary } from '../../src/server/relay/learner-summary.ts';
import { normalizeEvent } from '../../src/server/relay/normalize-event.ts';
import {
  openConsoleStore,
  PG_TYPES,
  type ConsoleStore,
  type Db,
} from '../../src/server/storage/database.ts';
import { consoleMigrations } from '../../src/server/storage/migrations/index.ts';
import {
  createRelayRepository,
  type NormalizedEvent,
} from '../../src/server/storage/relay-repository.ts';
import type { Engine } from '../../src/server/storage/schema.ts';
import { ENGINES, testDatabase } from '../helpers/test-database.ts';
import { oldLearnerSummary } from './helpers/learner-summary-oracle.ts';

const KINDS = [
  ...EVENT_KINDS,
  'badgeAwarded', // a kind the console does not know: counted in the total only
] as const;
const T0 = Date.UTC(2026, 10, 1);

/** One feed event of a few learners, courses and paths; `n` picks its id from a small pool. */
const feedEvent = fc.record({
  n: fc.nat(40),
  kind: fc.constantFrom(...KINDS),
  learner: fc.nat(2),
  identity: fc.constantFrom('object', 'object', 'object', 'object', 'object', 'id only'),
  lastName: fc.constantFrom('Berg', 'Berg-Holm'),
  at: fc.integer({ min: 0, max: 50 }),
  on: fc.constantFrom('course', 'course', 'learningPath', 'both', 'neither', 'courseId only'),
  course: fc.nat(2),
  path: fc.nat(1),
  title: fc.constantFrom('Fire safety', 'Fire safety II', '', '   ', null),
  action: fc.constantFrom('started', 'progressed', 'completed', 'topicViewed', 7, null),
  progress: fc.constantFrom(0, 40, 100, 12.5, '50', null),
});
type FeedEvent = typeof feedEvent extends fc.Arbitrary<infer T> ? T : never;

/** The event as the feed sends it, its ids in the run's own namespace (runs share a database). */
function toEvent(run: string, e: FeedEvent) {
  const learnerId = `${run}-learner-${e.learner}`;
  const resource = (id: string) => (e.title === null ? { id } : { id, title: e.title });
  const course = resource(`${run}-course-${e.course}`);
  const path = resource(`${run}-path-${e.path}`);
  const data: Record<string, unknown> = {};
  if (e.action !== null) data.action = e.action;
  if (e.progress !== null) data.progressPercent = e.progress;
  return {
    kind: e.kind as string,
    event: {
      id: `${run}-ev-${e.n}`,
      kind: e.kind,
      timestamp: T0 + e.at * 3_600_000,
      ...(e.identity === 'object'
        ? {
            learner: {
              id: learnerId,
              email: `l${e.learner}@lectern.test`,
              firstName: 'Ida',
              lastName: e.lastName,
            },
          }
        : { learnerId }),
      ...(e.on === 'course' || e.on === 'both' ? { course } : {}),
      ...(e.on === 'learningPath' || e.on === 'both' ? { learningPath: path } : {}),
      ...(e.on === 'courseId only' ? { courseId: course.id } : {}),
      data,
    },
  };
}

/** Events in pages of one kind each, as the relay polls them; some events come again. */
const deliveries = fc.array(feedEvent, { minLength: 1, maxLength: 40 }).chain((events) =>
  fc.tuple(
    fc.constant(events),
    fc.array(fc.nat(events.length - 1), { maxLength: 6 }), // re-delivered
    fc.integer({ min: 1, max: 5 }), // page size
  ),
);

function pagesOf(
  run: string,
  [feed, again, size]: [FeedEvent[], number[], number],
): [string, NormalizedEvent[]][] {
  const events = feed.map((e) => toEvent(run, e));
  const all = [...events, ...again.map((i) => events[i]!)];
  const pages: [string, NormalizedEvent[]][] = [];
  for (let start = 0; start < all.length; start += size) {
    const byKind = new Map<string, NormalizedEvent[]>();
    for (const { kind, event } of all.slice(start, start + size)) {
      const list = byKind.get(kind) ?? [];
      list.push(normalizeEvent(kind, event)!);
      byKind.set(kind, list);
    }
    pages.push(...byKind);
  }
  return pages;
}

const learnersOf = (run: string) => [0, 1, 2].map((n) => `${run}-learner-${n}`);

async function expectSameAsOld(store: { db: Db; engine: Engine }, run: string) {
  const repo = createRelayRepository(store.db, store.engine);
  for (const learnerId of learnersOf(run))
    expect(await readLearnerSummary(repo, learnerId)).toEqual(
      await oldLearnerSummary(store.db, store.engine, learnerId),
    );
}

/** A database migrated up to `migration` only; `upgrade()` runs the migrations after it. */
async function openAt(config: DatabaseConfig, migration: string) {
  const db: Db = new Kysely({
    dialect:
      config.engine === 'sqlite'
        ? new SqliteDialect({ database: new Database(':memory:') })
        : new PostgresDialect({
            pool: new pg.Pool({ connectionString: config.url, max: 2, types: PG_TYPES }),
          }),
  });
  const migrator = new Migrator({ db, provider: consoleMigrations(config.engine) });
  const step = await migrator.migrateTo(migration);
  if (step.error) throw step.error;
  return {
    db,
    async upgrade() {
      const latest = await migrator.migrateToLatest();
      if (latest.error) throw latest.error;
    },
  };
}

describe.each(ENGINES)('learner aggregates (%s)', (engine) => {
  let store: ConsoleStore;
  beforeAll(async () => {
    store = await openConsoleStore(await testDatabase(engine));
    const repo = createRelayRepository(store.db, store.engine);
    for (const kind of KINDS) await repo.ensureKind(kind);
  });
  afterAll(() => store.close());

  it('sum up random deliveries exactly as the summary over every stored event did', async () => {
    const repo = createRelayRepository(store.db, store.engine);
    await fc.assert(
      fc.asyncProperty(deliveries, async (delivered) => {
        const run = randomUUID().slice(0, 8);
        for (const [kind, events] of pagesOf(run, delivered))
          await repo.insertPage(kind, events, T0);
        await expectSameAsOld(store, run);
      }),
      { numRuns: engine === 'sqlite' ? 40 : 20 },
    );
  });

  it('stay exact after retention deletes the oldest events', async () => {
    const repo = createRelayRepository(store.db, store.engine);
    const run = randomUUID().slice(0, 8);
    const delivered = fc.sample(deliveries, { numRuns: 1, seed: 25 })[0]!;
    for (const [kind, events] of pagesOf(run, delivered)) await repo.insertPage(kind, events, T0);
    // Everything before hour 20, in batches of 3 (several rebuilds of the same learners).
    await repo.deleteOlderThan(T0 + 20 * 3_600_000, 3);
    await expectSameAsOld(store, run);
    // And all of them: no aggregate row is left.
    await repo.deleteOlderThan(T0 + 100 * 3_600_000);
    const left = await store.db
      .selectFrom('relay_learner_items')
      .select('learner_id')
      .where('learner_id', 'in', learnersOf(run))
      .execute();
    expect(left).toEqual([]);
    expect(await readLearnerSummary(repo, learnersOf(run)[0]!)).toEqual({
      learner: null,
      total: 0,
      byKind: {},
      firstEventAt: null,
      lastEventAt: null,
      courses: [],
      learningPaths: [],
    });
  });

  it('are backfilled from the events stored before the migration that made them', async () => {
    const before = await openAt(await testDatabase(engine), '080-relay-search-speed');
    try {
      const run = randomUUID().slice(0, 8);
      // Stored as the relay did then: rows of relay_events only.
      const seqs = new Map<string, number>();
      for (const [kind, events] of pagesOf(
        run,
        fc.sample(deliveries, { numRuns: 1, seed: 90 })[0]!,
      ))
        for (const event of events) {
          if (seqs.has(`${kind}/${event.eventId}`)) continue;
          const row = await before.db
            .insertInto('relay_events')
            .values({
              event_id: event.eventId,
              kind,
              timestamp: event.timestamp,
              learner_id: event.learnerId,
              learner_email: event.learnerEmail,
              learner_name: event.learnerName,
              course_id: event.courseId,
              learning_path_id: event.learningPathId,
              payload: event.payload,
              received_at: T0,
            })
            .returning('seq')
            .executeTakeFirstOrThrow();
          seqs.set(`${kind}/${event.eventId}`, Number(row.seq));
        }
      expect(seqs.size).toBeGreaterThan(0);
      await before.upgrade();
      await expectSameAsOld({ db: before.db, engine }, run);
    } finally {
      await before.db.destroy();
    }
  });
});
