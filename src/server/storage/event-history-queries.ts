// The relay's history pages: stored events newest first, in keyset pages by seq, with the structured
// filters and free text (event-search-sql.ts). On SQLite the free text is planned by hand, because the
// right order of work depends on the filters and SQLite's planner cannot weigh an FTS5 match:
//   - with a learner or course filter, their index leads and each row is checked against the set of
//     matching rows (a few thousand events of one learner, however common the words);
//   - otherwise the full-text index leads, newest match first, and the page ends as soon as it is full;
//     a time range is turned into the range of seqs that holds it first, so the index reads only there.
// PostgreSQL's planner weighs the GIN index itself.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from './database.ts';
import { fts5Query, searchCondition } from './event-search-sql.ts';
import type { HistoryFilter, StoredEventRow } from './relay-repository.ts';
import type { ConsoleTables, Engine } from './schema.ts';

export const EVENT_COLUMNS = ['seq', 'kind', 'payload', 'received_at'] as const;

type EventsWhere = ExpressionBuilder<ConsoleTables, 'relay_events'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Learner id, whole email, or part of the name (stored in lower case). A value that holds an @ can only
 * be an email and one shaped as a UUID only an id, so those use their own index and never read every
 * name (the console's live matcher, filters/event-filters.ts, makes the same choice).
 */
function learnerCondition(eb: EventsWhere, learner: string) {
  const lower = learner.toLowerCase();
  if (learner.includes('@')) return eb('learner_email', '=', lower);
  if (UUID.test(learner)) return eb('learner_id', '=', learner);
  return eb.or([
    eb('learner_id', '=', learner),
    // ESCAPE makes both engines read \% and \_ literally.
    sql<boolean>`${eb.ref('learner_name')} LIKE ${`%${lower.replace(/[%_\\]/g, '\\$&')}%`} ESCAPE '\\'`,
  ]);
}

/** The structured filters, on the relay_events rows of a query. */
function filtered<Q extends { where: EventsWhereFn<Q> }>(query: Q, filter: HistoryFilter): Q {
  const { kinds, learner, learnerId, course, from, to } = filter;
  let q = query;
  if (learnerId !== undefined) q = q.where((eb) => eb('relay_events.learner_id', '=', learnerId));
  if (kinds?.length) q = q.where((eb) => eb('relay_events.kind', 'in', kinds));
  if (learner !== undefined) q = q.where((eb) => learnerCondition(eb, learner));
  if (course !== undefined)
    q = q.where((eb) =>
      eb.or([
        eb('relay_events.course_id', '=', course),
        eb('relay_events.learning_path_id', '=', course),
      ]),
    );
  if (from !== undefined) q = q.where((eb) => eb('relay_events.timestamp', '>=', from));
  if (to !== undefined) q = q.where((eb) => eb('relay_events.timestamp', '<', to));
  return q;
}
type EventsWhereFn<Q> = (condition: (eb: EventsWhere) => ReturnType<typeof learnerCondition>) => Q;

export async function readHistory(
  db: Db,
  engine: Engine,
  filter: HistoryFilter,
  beforeSeq: number | undefined,
  limit: number,
): Promise<StoredEventRow[]> {
  const { search } = filter;
  if (
    search &&
    engine === 'sqlite' &&
    filter.learner === undefined &&
    filter.learnerId === undefined &&
    filter.course === undefined
  )
    return searchLed(db, filter, fts5Query(search), beforeSeq, limit);
  return historyQuery(db, engine, filter, beforeSeq, limit).execute();
}

/**
 * A history page led by an ordinary index: the learner's or course's with those filters (the learner
 * page's `learnerId`: the learner's (learner_id, seq), read newest first until the page is full; plans
 * in learner-plan.test.ts), else seq's newest first.
 */
export function historyQuery(
  db: Db,
  engine: Engine,
  filter: HistoryFilter,
  beforeSeq: number | undefined,
  limit: number,
) {
  return filtered(db.selectFrom('relay_events').select(EVENT_COLUMNS), filter)
    .$if(filter.search !== undefined, (q) => q.where(searchCondition(engine, filter.search!)))
    .$if(beforeSeq !== undefined, (q) => q.where('seq', '<', beforeSeq!))
    .orderBy('seq', 'desc')
    .limit(limit);
}

/** SQLite: the FTS5 index leads, newest match first, within the seqs a time range holds. */
async function searchLed(
  db: Db,
  filter: HistoryFilter,
  match: string,
  beforeSeq: number | undefined,
  limit: number,
): Promise<StoredEventRow[]> {
  let range: { low: number; high: number } | null = null;
  if (filter.from !== undefined || filter.to !== undefined) {
    const bounds = await db
      .selectFrom('relay_events')
      .select((eb) => [eb.fn.min('seq').as('low'), eb.fn.max('seq').as('high')])
      .$if(filter.from !== undefined, (q) => q.where('timestamp', '>=', filter.from!))
      .$if(filter.to !== undefined, (q) => q.where('timestamp', '<', filter.to!))
      .executeTakeFirst();
    if (bounds?.low == null || bounds.high == null) return [];
    range = { low: Number(bounds.low), high: Number(bounds.high) };
  }
  return filtered(
    db
      .selectFrom('relay_events_search')
      .innerJoin('relay_events', 'relay_events.seq', 'relay_events_search.rowid')
      .select(EVENT_COLUMNS.map((column) => `relay_events.${column}` as const))
      .where(sql<boolean>`relay_events_search MATCH ${match}`),
    filter,
  )
    .$if(range !== null, (q) =>
      q
        .where('relay_events_search.rowid', '>=', range!.low)
        .where('relay_events_search.rowid', '<=', range!.high),
    )
    .$if(beforeSeq !== undefined, (q) => q.where('relay_events_search.rowid', '<', beforeSeq!))
    .orderBy('relay_events_search.rowid', 'desc')
    .limit(limit)
    .execute();
}
