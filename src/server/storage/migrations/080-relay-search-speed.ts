// History search at 1,000,000 events (issue 25; docs/development/benchmarks.md, "History search").
//
// PostgreSQL: relay_event_words (migration 050), which computes every stored event's search_vector,
// spent about 1 ms per event in translate(): it compares each character of the text with each of the
// 440 capital letters the 'simple' configuration cannot lower under the C locale. Events are nearly all
// ASCII, for which that step changes nothing: it now runs only on text with a character above ASCII
// (a UTF-8 text is ASCII when its bytes are as many as its characters). The words, and so the stored
// vectors, are the same; the function is replaced in place, so no row is rewritten.
//
// PostgreSQL: a BRIN index on seq, for the windows of seqs a search reads newest first
// (event-history-queries.ts): a bitmap of a window's pages, cheap to build and to AND with the GIN
// index's, where the primary key's B-tree would list every row of the window (65,536 rows: 10 to 20 ms).
// Rows are appended in seq order, so each range of pages holds a narrow range of seqs; autosummarize
// keeps the newest ranges summarized as the relay appends. About 280 kB per 1,000,000 events.
// SQLite needs neither: its search reads FTS5's matches by rowid (= seq) in order already.
import { sql } from 'kysely';
import type { Engine } from '../schema.ts';
import type { MigrationDb } from './column-types.ts';

/** Migration 050's separators, unchanged (a migration carries its own copy). */
const PG_SEPARATORS =
  '[^0-9A-Za-z\\u00AA\\u00B2\\u00B3\\u00B5\\u00B9\\u00BA\\u00BC-\\u00BE\\u00C0-\\u00D6\\u00D8-\\u00F6' +
  '\\u00F8-\\u1FFF\\u2070-\\u209F\\u20D0-\\u218F\\u2C00-\\u2DFF\\u3040-\\uFDFF\\uFE70-\\uFEFE' +
  '\\uFF10-\\uFF19\\uFF21-\\uFF3A\\uFF41-\\uFF5A\\uFF66-\\uFFDF\\U00010000-\\U0001EFFF\\U00020000-\\U0010FFFF]+';

/** Migration 050's case folding, unchanged: capitals above ASCII (Latin, Greek, Cyrillic, Armenian). */
function pgCaseFolding(): { upper: string; lower: string } {
  let upper = '';
  let lower = '';
  for (const [from, to] of [
    [0xc0, 0x24f],
    [0x370, 0x58f],
  ] as const)
    for (let code = from; code <= to; code++) {
      const char = String.fromCodePoint(code);
      const folded = char.toLowerCase();
      if (folded !== char && [...folded].length === 1) {
        upper += char;
        lower += folded;
      }
    }
  return { upper, lower };
}

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  const folding = pgCaseFolding();
  await sql
    .raw(
      String.raw`CREATE OR REPLACE FUNCTION relay_event_words(payload text) RETURNS text
         LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
         SELECT CASE WHEN octet_length(words) = char_length(words) THEN words
                ELSE translate(words, '${folding.upper}', '${folding.lower}') END
         FROM (SELECT regexp_replace(
           jsonb_path_query_array(
             regexp_replace(payload, '(?<!\\)((\\\\)*)\\u(0000|[dD][89a-fA-F][0-9a-fA-F]{2})', '\1 ', 'g')::jsonb,
             'strict $.** ? (@.type() == "string" || @.type() == "number")'
           )::text,
           '${PG_SEPARATORS}', ' ', 'g') AS words) AS separated
       $$`,
    )
    .execute(db);
  await sql`CREATE INDEX relay_events_seq ON relay_events USING brin (seq)
    WITH (pages_per_range = 16, autosummarize = on)`.execute(db);
}
