// The SQLite plans of the learner page's reads, with no statistics (the console never runs ANALYZE) and
// with those ANALYZE wrote for 1,000,000 stored events (as event-search-plan.test.ts): the summary reads
// the learner's aggregate rows through their primary key, never their events, and the timeline's pages walk the learner's index newest first,
// with kind, course and time filters too, and never sort (a sort reads every event of the learner before
// the first row; another index read newest first walks a whole kind, or all time, for a quiet learner).
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleStore, type ConsoleStore } from './database.ts';
import { historyQuery } from './event-history-queries.ts';
import { learnerItemsQuery } from './learner-summary-queries.ts';
import { sqlitePlan } from './test-query-plan.ts';

const STATS = [
  ['relay_events_kind_time', '1000000 125000 1'],
  ['relay_events_timestamp', '1000000 1'],
  ['relay_events_path', '1000000 24391 1'],
  ['relay_events_course', '1000000 2494 1'],
  ['relay_events_email', '1000000 50 1'],
  ['relay_events_learner', '1000000 50 1'],
  ['relay_events_kind', '1000000 125000 1'],
  ['sqlite_autoindex_relay_events_1', '1000000 125000 1'],
];

describe.each(['not analyzed', 'analyzed'])('learner page plans (SQLite, %s)', (state) => {
  let store: ConsoleStore;
  beforeAll(async () => {
    store = await openConsoleStore({ engine: 'sqlite', file: ':memory:' });
    if (state === 'not analyzed') return;
    await sql`ANALYZE`.execute(store.db);
    for (const [index, stat] of STATS)
      await sql`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('relay_events', ${index}, ${stat})`.execute(
        store.db,
      );
    await sql`ANALYZE sqlite_schema`.execute(store.db);
  });
  afterAll(() => store.close());

  const plan = (compiled: CompiledQuery) => sqlitePlan(store.db, compiled);

  it("reads the learner's aggregates through their primary key, not their events", async () => {
    expect(await plan(learnerItemsQuery(store.db, 'a-learner').compile())).toBe(
      'SEARCH relay_learner_items USING PRIMARY KEY (learner_id=?)',
    );
  });

  it.each([
    ['no filter', {}],
    ['one kind', { kinds: ['quizAttempt'] }],
    ['two kinds and a time range', { kinds: ['quizAttempt', 'courseAction'], from: 1, to: 2 }],
    ['from a time', { from: 1 }],
    ['a course', { course: 'a-course' }],
  ])("walks the learner's index newest first: %s", async (_name, filter) => {
    const query = historyQuery(
      store.db,
      'sqlite',
      { ...filter, learnerId: 'a-learner' },
      { below: 5000 },
      201,
    );
    expect(await plan(query.compile())).toBe(
      'SEARCH relay_events USING INDEX relay_events_learner (learner_id=? AND seq<?)',
    );
  });
});
