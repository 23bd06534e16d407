// Free-text search over the stored history, on both engines: the database's full-text index (SQLite FTS5,
// PostgreSQL tsvector + GIN) gives exactly the events the console's live matcher accepts, for random
// searches over a corpus of events; retention removes events from the index; payloads jsonb cannot take
// as they are still store and are found.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventSearchMatcher,
  parseEventSearch,
  searchWords,
  type EventSearch,
} from '#contract/console/event-search.ts';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/server/config.ts';
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
  type RelayRepository,
} from '../../src/server/storage/relay-repository.ts';
import { normalizeEvent } from '../../src/server/relay/normalize-event.ts';
import { ENGINES, testDatabase } from '../helpers/test-database.ts';

const FIRST = ['Ann', 'Bob', 'Chloé', 'Dmitri', 'Eve', 'Passed'];
const LAST = ['Lee', 'Smith', 'Ünal', 'Ng', 'Fire'];
const TITLES = ['Fire Safety: the basics', 'Safety first', 'Advanced fire drills', 'Ann’s course'];
const KINDS = ['quizAttempt', 'courseEnrollment', 'courseCompletion', 'assignmentSubmission'];

function corpusEvent(i: number) {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[(i * 7) % LAST.length]!;
  const kind = KINDS[(i * 3) % KINDS.length]!;
  return {
    id: `ev-${i}`,
    kind,
    timestamp: 1_700_000_000_000 + i * 1000,
    learner: {
      id: `0000000${i % 10}-aaaa-4bbb-8ccc-00000000000${i % 7}`,
      email: `${first}.${last}@school${i % 3}.test`.toLowerCase(),
      firstName: first,
      lastName: last,
    },
    course: { id: `course-${i % 5}`, title: TITLES[i % TITLES.length]! },
    learningPath: null,
    topicId: null,
    data: kind === 'quizAttempt' ? { passed: i % 2 === 0, score: 40 + (i % 50) + 0.5 } : { n: i },
  };
}

const CORPUS = Array.from({ length: 120 }, (_, i) => corpusEvent(i));
const WORDS = [...new Set(CORPUS.flatMap((event) => searchWords(JSON.stringify(event))))];
/** Phrases inside one value (the order of values is not part of the search's meaning). */
const PHRASES = [
  ...new Set(
    CORPUS.flatMap((event) =>
      [event.course.title, event.learner.email, event.learner.id].map((value) =>
        searchWords(value).slice(0, 2).join(' '),
      ),
    ),
  ),
];

const term = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.constantFrom(...PHRASES).map((phrase) => `"${phrase}"`),
  fc.constantFrom('nothing', 'zz9'),
);
const group = fc
  .tuple(fc.array(term, { minLength: 1, maxLength: 3 }), fc.array(term, { maxLength: 2 }))
  .map(([include, exclude]) => [...include, ...exclude.map((t) => `-${t}`)].join(' '));
const searchText = fc.array(group, { minLength: 1, maxLength: 3 }).map((g) => g.join(' or '));

const parse = (text: string): EventSearch => {
  const parsed = parseEventSearch(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
  return parsed.search;
};

async function searchIds(repo: RelayRepository, search: EventSearch): Promise<string[]> {
  const rows = await repo.history({ search }, undefined, 500);
  return rows.map((row) => (JSON.parse(row.payload) as { id: string }).id).sort();
}

const expectedIds = (search: EventSearch, events: readonly { id: string }[] = CORPUS) => {
  const matches = eventSearchMatcher(search);
  return events
    .filter((event) => matches(event))
    .map((event) => event.id)
    .sort();
};

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
      return { db, close: () => db.destroy() };
    },
  };
}

const normalized = (raw: { kind: string }): NormalizedEvent => normalizeEvent(raw.kind, raw)!;

describe.each(ENGINES)('history search (%s)', (engine) => {
  let store: ConsoleStore;
  let repo: RelayRepository;
  beforeAll(async () => {
    store = await openConsoleStore(await testDatabase(engine));
    repo = createRelayRepository(store.db, store.engine);
    for (const kind of KINDS) await repo.ensureKind(kind);
    for (const kind of KINDS)
      await repo.insertPage(kind, CORPUS.filter((event) => event.kind === kind).map(normalized), 1);
  });
  afterAll(() => store.close());

  it('finds what the live matcher finds, for any search', async () => {
    await fc.assert(
      fc.asyncProperty(searchText, async (text) => {
        const search = parse(text);
        expect(await searchIds(repo, search)).toEqual(expectedIds(search));
      }),
      { numRuns: 150 },
    );
  });

  it('whole words of values only, any case, ids and emails as phrases', async () => {
    const ids = (text: string) => searchIds(repo, parse(text));
    expect(await ids('passed')).toEqual(expectedIds(parse('passed')));
    expect((await ids('passed')).length).toBe(
      CORPUS.filter((e) => e.learner.firstName === 'Passed').length,
    );
    expect(await ids('SAFETY basics')).toEqual(expectedIds(parse('safety basics')));
    expect(await ids('saf')).toEqual([]);
    expect(await ids('ann.lee@school0.test')).toEqual(expectedIds(parse('ann.lee@school0.test')));
    expect((await ids('ann.lee@school0.test')).length).toBeGreaterThan(0);
    expect(await ids('00000003-aaaa-4bbb-8ccc-000000000005')).toEqual(
      expectedIds(parse('00000003-aaaa-4bbb-8ccc-000000000005')),
    );
    // Combined with the structured filters, newest first, in keyset pages.
    const rows = await repo.history(
      { search: parse('fire'), kinds: ['quizAttempt'], from: 1_700_000_010_000 },
      undefined,
      5,
    );
    expect(rows.map((row) => row.kind)).toEqual(Array(5).fill('quizAttempt'));
    const next = await repo.history(
      { search: parse('fire'), kinds: ['quizAttempt'], from: 1_700_000_010_000 },
      rows[4]!.seq,
      500,
    );
    const all = [...rows, ...next].map(
      (row) => JSON.parse(row.payload) as { id: string; timestamp: number },
    );
    expect(all.map((event) => event.id).sort()).toEqual(
      expectedIds(
        parse('fire'),
        CORPUS.filter((e) => e.kind === 'quizAttempt' && e.timestamp >= 1_700_000_010_000),
      ),
    );
    expect([...rows, ...next].map((row) => row.seq)).toEqual(
      [...rows, ...next].map((row) => row.seq).sort((a, b) => b - a),
    );
  });

  it('stores and finds events whose text jsonb cannot hold as it is', async () => {
    const odd = [
      {
        ...corpusEvent(1000),
        id: 'odd-nul',
        learner: { ...corpusEvent(0).learner, firstName: 'Nul\u0000Zed' },
      },
      {
        ...corpusEvent(1001),
        id: 'odd-surrogate',
        course: { id: 'c', title: 'Broken \ud800 quokka' },
      },
      {
        ...corpusEvent(1002),
        id: 'odd-escape',
        course: { id: 'c', title: 'Slash \\u0000 wombat' },
      },
    ];
    expect(await repo.insertPage('quizAttempt', odd.map(normalized), 2)).toBe(3);
    expect(await searchIds(repo, parse('zed'))).toEqual(['odd-nul']);
    expect(await searchIds(repo, parse('quokka'))).toEqual(['odd-surrogate']);
    expect(await searchIds(repo, parse('wombat'))).toEqual(['odd-escape']);
  });

  it('forgets deleted events (retention)', async () => {
    const before = await searchIds(repo, parse('quokka'));
    expect(before).toEqual(['odd-surrogate']);
    await repo.deleteOlderThan(1_700_000_000_000 + 1001 * 1000 + 1);
    expect(await searchIds(repo, parse('quokka'))).toEqual([]);
    expect(await searchIds(repo, parse('wombat'))).toEqual(['odd-escape']);
    // Only the one event left is found, whatever the search.
    for (const text of ['fire', 'ann', 'safety', 'quizattempt'])
      expect(await searchIds(repo, parse(text))).toEqual(
        expectedIds(parse(text), [{ ...corpusEvent(1002), id: 'odd-escape' }]),
      );
  });
});

describe.each(ENGINES)('history search after an upgrade (%s)', (engine) => {
  it('indexes the events stored before the search existed', async () => {
    const config = await testDatabase(engine);
    const legacy = await openAt(config, '007-audit-aborted');
    const kind = 'quizAttempt';
    const events = CORPUS.filter((event) => event.kind === kind).map(normalized);
    await legacy.db
      .insertInto('relay_events')
      .values(
        events.map((event) => ({
          event_id: event.eventId,
          kind,
          timestamp: event.timestamp,
          learner_id: event.learnerId,
          learner_email: event.learnerEmail,
          learner_name: event.learnerName,
          course_id: event.courseId,
          learning_path_id: event.learningPathId,
          payload: event.payload,
          received_at: 1,
        })),
      )
      .execute();
    const upgraded = await legacy.upgrade();
    try {
      const repo = createRelayRepository(upgraded.db, engine);
      const quizzes = CORPUS.filter((event) => event.kind === kind);
      for (const text of ['fire', 'ann lee', '"safety first" or dmitri'])
        expect(await searchIds(repo, parse(text))).toEqual(expectedIds(parse(text), quizzes));
    } finally {
      await upgraded.close();
    }
  });
});
