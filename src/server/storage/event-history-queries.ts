// The relay's history pages: stored events newest first, in keyset pages by seq, with the structured
// filters and free text (event-search-sql.ts). On SQLite the free text is planned by hand, because the
// right order of work depends on the filters and SQLite's planner cannot weigh an FTS5 match:
//   - with a learner or course filter, their index leads and each row is checked against the set of
//     matching rows (a few thousand events of one learner, however common the words);
//   - otherwise the full-text index leads, newest match first, and the page ends as soon as it is full;
//     a time range is turned into the range of seqs that holds it first, so the index reads only there.
// PostgreSQL's planner weighs the GIN index itself, but a bitmap of the GIN index's matches is read
// whole: every matching row is fetched and the newest page sorted out of them (an email, in 1% of 1,000,000
// events: 10,000 rows, 100 to 200 ms). Without a learner, course or time filter to narrow it, a search
// reads windows of seqs instead, newest first and growing, until the page is full (searchWindows).
import { sql, type ExpressionBuilder } from 'kysely';
import type { EventSearch } from '#contract/console/event-search.ts';
import type { Db } from './database.ts';
import { fts5Query, searchCondition } from './event-search-sql.ts';
import type { ConsoleTables, Engine } from './schema.ts';

export interface StoredEventRow {
  seq: number;
  kind: string;
  payload: string;
  received_at: number;
}

export interface HistoryFilter {
  kinds?: string[];
  /** Learner id, email, or part of the name. */
  learner?: string;
  /** Exactly this learner id (the learner page). */
  learnerId?: string;
  /** Course or learning path id. */
  course?: string;
  from?: number;
  to?: number;
  /** Free text over every text and number value of the event. */
  search?: EventSearch;
}

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

/** PostgreSQL: the newest seqs a search reads first, then 8 times more each time (1,000,000: 3 reads). */
export const FIRST_SEARCH_WINDOW = 65_536;
const WINDOW_GROWTH = 8;

export async function readHistory(
  db: Db,
  engine: Engine,
  filter: HistoryFilter,
  beforeSeq: number | undefined,
  limit: number,
  firstWindow = FIRST_SEARCH_WINDOW,
): Promise<StoredEventRow[]> {
  const { search } = filter;
  const narrowed =
    filter.learner !== undefined || filter.learnerId !== undefined || filter.course !== undefined;
  if (search && engine === 'sqlite' && !narrowed)
    return searchLed(db, filter, fts5Query(search), beforeSeq, limit);
  if (
    search &&
    engine === 'postgres' &&
    !narrowed &&
    filter.from === undefined &&
    filter.to === undefined
  )
    return searchWindows(db, filter, beforeSeq, limit, firstWindow);
  return historyQuery(db, engine, filter, { below: beforeSeq }, limit).execute();
}

/**
 * One page, newest first, of the events below `below` and from `from` (seqs), led by an ordinary
 * index: the learner's or course's with those filters (the learner page's `learnerId`: the learner's
 * (learner_id, seq), read newest first until the page is full; plans in learner-plan.test.ts), else
 * seq's newest first.
 */
export function historyQuery(
  db: Db,
  engine: Engine,
  filter: HistoryFilter,
  seqs: { below?: number | undefined; from?: number | undefined },
  limit: number,
) {
  const { search } = filter;
  return filtered(db.selectFrom('relay_events').select(EVENT_COLUMNS), filter)
    .$if(search !== undefined, (q) => q.where(searchCondition(engine, search!)))
    .$if(seqs.below !== undefined, (q) => q.where('seq', '<', seqs.below!))
    .$if(seqs.from !== undefined, (q) => q.where('seq', '>=', seqs.from!))
    .orderBy('seq', 'desc')
    .limit(limit);
}

/**
 * PostgreSQL: the search over the newest `firstWindow` seqs below the cursor, then over 8 times as many
 * below those, until the page is full or the oldest event is read. The seq bound is read through the
 * BRIN index on seq (migrations/080-relay-search-speed.ts) and AND-ed with the GIN index's bitmap, so only
 * the matches in the window are fetched; a common word fills the page in the first window. The windows
 * follow one another down the seqs, so the pages are the ones a single query would give.
 */
async function searchWindows(
  db: Db,
  filter: HistoryFilter,
  beforeSeq: number | undefined,
  limit: number,
  firstWindow: number,
): Promise<StoredEventRow[]> {
  const newest = await db
    .selectFrom('relay_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  if (newest?.seq == null) return [];
  let below = Math.min(beforeSeq ?? Infinity, Number(newest.seq) + 1);
  const rows: StoredEventRow[] = [];
  for (let size = firstWindow; rows.length < limit; size *= WINDOW_GROWTH) {
    // seq starts at 1: a window reaching below it is the last.
    const from = below - size > 1 ? below - size : undefined;
    rows.push(
      ...(await historyQuery(
        db,
        'postgres',
        filter,
        { below, from },
        limit - rows.length,
      ).execute()),
    );
    if (from === undefined) break;
    below = from;
  }
  return rows;
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
