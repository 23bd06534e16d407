// The PostgreSQL plan of a history search without a learner, course or time filter: it reads the newest
// window of seqs first, through an index on seq (at 1,000,000 events the BRIN index AND-ed with the GIN
// index), so a page fetches the matches of that window from the table, not every match (benchmarks.md,
// "History search": an email in 1% of 1,000,000 events fetched 10,000 rows, 100 to 200 ms). The pages are
// the ones a single query over the whole history gives. (The SQLite plan:
// src/server/storage/event-search-plan.test.ts.)
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventSearch, type EventSearch } from '#contract/console/event-search.ts';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import { readHistory } from '../../src/server/storage/event-history-queries.ts';
import { searchCondition } from '../../src/server/storage/event-search-sql.ts';
import type { ConsoleTables } from '../../src/server/storage/schema.ts';
import { testDatabase } from '../helpers/test-database.ts';

const EVENTS = 10_000;
/** Every 50th event is the learner's: 200 matches, 10 in each 500 seqs. */
const EVERY = 50;
const WINDOW = 500;
const EMAIL = 'ann.lee@school.test';

const search = (text: string): EventSearch => {
  const parsed = parseEventSearch(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.search;
};

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** Rows of relay_events the plan read from the table: returned, or read and then filtered out. */
const tableRows = (plan: PlanNode) =>
  nodes(plan)
    .filter(
      (node) =>
        node['Relation Name'] === 'relay_events' && !node['Node Type'].includes('Bitmap Index'),
    )
    .reduce(
      (sum, node) =>
        sum +
        (node['Actual Rows'] +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
          node['Actual Loops'],
      0,
    );

describe('history search plan (PostgreSQL, analyzed)', () => {
  let store: ConsoleStore;
  let logged: Kysely<ConsoleTables>;
  const statements: CompiledQuery[] = [];

  beforeAll(async () => {
    store = await openConsoleStore(await testDatabase('postgres'));
    // The same pool, with every statement kept, to explain it afterwards.
    logged = new Kysely<ConsoleTables>({
      dialect: new PostgresDialect({ pool: store.postgres!.pool }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query);
      },
    });
    await sql`
      INSERT INTO relay_events (event_id, kind, timestamp, learner_email, payload, received_at)
      SELECT 'ev-' || n, 'quizAttempt', 1700000000000 + n * 1000,
             CASE WHEN n % ${EVERY} = 0 THEN ${EMAIL} ELSE 'bob.ng' || n || '@school.test' END,
             json_build_object('id', 'ev-' || n, 'learner', json_build_object('email',
               CASE WHEN n % ${EVERY} = 0 THEN ${EMAIL} ELSE 'bob.ng' || n || '@school.test' END),
               'data', json_build_object('score', n % 97, 'passed', n % 2 = 0))::text,
             1
      FROM generate_series(1, ${EVENTS}) AS n`.execute(store.db);
    await sql`VACUUM ANALYZE relay_events`.execute(store.db);
    // 10,000 search vectors computed on the two shared CPUs: seconds when other tests run.
  }, 60_000);
  afterAll(() => store.close());

  const explain = async (query: CompiledQuery): Promise<PlanNode> => {
    const result = await sql
      .raw<{
        'QUERY PLAN': [{ Plan: PlanNode }];
      }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql.replace(/\$(\d+)/g, (_, i: string) => `'${String(query.parameters[Number(i) - 1]).replace(/'/g, "''")}'`)}`,
      )
      .execute(store.db);
    return result.rows[0]!['QUERY PLAN'][0].Plan;
  };

  it('reads the newest window of seqs first, through an index on seq', async () => {
    statements.length = 0;
    const rows = await readHistory(
      logged,
      'postgres',
      { search: search(EMAIL) },
      undefined,
      10,
      WINDOW,
    );
    expect(rows.map((row) => Number(row.seq))).toEqual(
      Array.from({ length: 10 }, (_, i) => EVENTS - i * EVERY),
    );
    const searches = statements.filter((query) => query.sql.includes('@@'));
    expect(searches).toHaveLength(1);
    const plan = await explain(searches[0]!);
    // The window is read through an index on seq: the BRIN index (AND-ed with the GIN index's bitmap,
    // as at 1,000,000 events) or, on a table this small, the primary key newest first.
    const bounded = nodes(plan).filter((node) =>
      /\(seq >= '?\d+'?(::bigint)?\)/.test(node['Index Cond'] ?? ''),
    );
    expect(bounded.map((node) => node['Index Name'])).toEqual([
      expect.stringMatching(/^relay_events_(seq|pkey)$/),
    ]);
    // At most the window's rows (the old single query: every match, or rows newest first until 10 match).
    expect(tableRows(plan)).toBeLessThanOrEqual(WINDOW);
  });

  it('gives the pages of a single query over the whole history, window after window', async () => {
    const condition = searchCondition('postgres', search(EMAIL));
    for (const [before, limit] of [
      [undefined, 501],
      [EVENTS - 50 * EVERY + 1, 200],
      [EVENTS - 190 * EVERY, 501],
      [1, 501],
    ] as const) {
      const whole = await store.db
        .selectFrom('relay_events')
        .select('seq')
        .where(condition)
        .$if(before !== undefined, (q) => q.where('seq', '<', before!))
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      const windows = await readHistory(
        logged,
        'postgres',
        { search: search(EMAIL) },
        before,
        limit,
        WINDOW,
      );
      expect(windows.map((row) => Number(row.seq))).toEqual(whole.map((row) => Number(row.seq)));
    }
  });
});
