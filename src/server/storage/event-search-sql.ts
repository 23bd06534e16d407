// A parsed event search (src/contract/console/event-search.ts) as each engine's full-text condition on
// relay_events: FTS5's query syntax over relay_events_search, or PostgreSQL's websearch_to_tsquery over
// the search_vector column (migrations/050-relay-search.ts).
import { sql, type RawBuilder } from 'kysely';
import {
  formatEventSearch,
  type EventSearch,
  type SearchPhrase,
} from '#contract/console/event-search.ts';
import type { Engine } from './schema.ts';

/** Words are letters and digits only, so a phrase never needs escaping inside its quotes. */
const phrase = (words: SearchPhrase) => `"${words.join(' ')}"`;

/** `("a" AND "b c") NOT "d" OR ("e")`: FTS5 reads NOT before AND before OR. */
export function fts5Query(search: EventSearch): string {
  return search.groups
    .map((group) => {
      const include = `(${group.include.map(phrase).join(' AND ')})`;
      return `(${[include, ...group.exclude.map(phrase)].join(' NOT ')})`;
    })
    .join(' OR ');
}

/**
 * A condition on relay_events' `seq` (SQLite) or row (PostgreSQL) that holds for matching events.
 *
 * SQLite: used with a learner or course filter (event-history-queries.ts), whose index must lead. The
 * unary `+` keeps `seq` out of index selection: without it, once ANALYZE has run, the planner walks
 * every full-text match and probes the filter's index for each (a common word: 50,000 probes at
 * 1,000,000 events, 300 ms and more); with it, the filter's index leads and each of its rows is checked
 * against the matches, gathered once into a set (10 to 25 ms; docs/development/benchmarks.md).
 */
export function searchCondition(engine: Engine, search: EventSearch): RawBuilder<boolean> {
  return engine === 'sqlite'
    ? sql<boolean>`+relay_events.seq IN (SELECT rowid FROM relay_events_search WHERE relay_events_search MATCH ${fts5Query(search)})`
    : sql<boolean>`relay_events.search_vector @@ websearch_to_tsquery('simple', ${formatEventSearch(search)})`;
}
