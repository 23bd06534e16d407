// The SQLite plan of a history search with a learner or course filter, under the statistics ANALYZE
// wrote for 1,000,000 stored events: the filter's index leads and the full-text matches are gathered
// once, never probed per match (benchmarks.md, "History search": 300 ms and more when they were).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventSearch, type EventSearch } from '#contract/console/event-search.ts';
import { openConsoleStore, type ConsoleStore } from './database.ts';
import { searchCondition } from './event-search-sql.ts';
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

const search = (text: string): EventSearch => {
  const parsed = parseEventSearch(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.search;
};

describe('history search plan (SQLite, analyzed)', () => {
  let store: ConsoleStore;
  beforeAll(async () => {
    store = await openConsoleStore({ engine: 'sqlite', file: ':memory:' });
    await sql`ANALYZE`.execute(store.db);
    for (const [index, stat] of STATS)
      await sql`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('relay_events', ${index}, ${stat})`.execute(
        store.db,
      );
    // Makes the planner read the statistics just written.
    await sql`ANALYZE sqlite_schema`.execute(store.db);
  });
  afterAll(() => store.close());

  const plan = async (where: 'learner' | 'course') => {
    const query = store.db
      .selectFrom('relay_events')
      .select('seq')
      .$if(where === 'learner', (q) => q.where('learner_id', '=', 'a-learner'))
      .$if(where === 'course', (q) =>
        q.where((eb) =>
          eb.or([eb('course_id', '=', 'a-course'), eb('learning_path_id', '=', 'a-course')]),
        ),
      )
      .where(searchCondition('sqlite', search('safety')))
      .orderBy('seq', 'desc')
      .limit(501)
      .compile();
    return sqlitePlan(store.db, query);
  };

  it("leads with the learner's index and checks its rows against the matches", async () => {
    const detail = await plan('learner');
    expect(detail).toContain('relay_events_learner (learner_id=?)');
    expect(detail).not.toContain('seq=?');
  });

  it("leads with the course's and learning path's indexes", async () => {
    const detail = await plan('course');
    expect(detail).toContain('relay_events_course (course_id=?)');
    expect(detail).not.toContain('rowid=?');
  });
});
