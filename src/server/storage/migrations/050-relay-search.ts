// Full-text search over every stored event (src/contract/console/event-search.ts says what it means).
// What is indexed: every text and number value of the event's JSON, never its field names, with anything
// but letters and digits separating words.
//
// SQLite: an external-content FTS5 table over relay_events (rowid = seq), kept in step by triggers, so
// the words are stored once, in the index. Its one column, `words`, is computed by the triggers from the
// payload and is not a column of relay_events: the index is filled and repaired by these statements,
// never by FTS5's 'rebuild' (which would read a column of that name). A rebuild of relay_events (see
// sqlite-rebuild.ts) drops the triggers: such a migration must create them again.
//
// PostgreSQL: a generated tsvector column with a GIN index, read with websearch_to_tsquery ('simple'
// configuration: no stemming, no stop words, as FTS5's unicode61). Adding the column rewrites the table
// once: on a large history the migration takes a while (docs/operations/several-servers.md).
import { sql } from 'kysely';
import type { Engine } from '../schema.ts';
import type { MigrationDb } from './column-types.ts';

/**
 * What separates words on PostgreSQL: anything but ASCII letters and digits, except that above ASCII
 * only the common punctuation and symbol blocks do (Latin-1 signs, general punctuation, currency,
 * arrows and mathematical signs, shapes and dingbats, CJK and full-width punctuation, emoji). The
 * engine's own notion of a letter depends on the database's locale (none at all under C), so the
 * blocks are listed; FTS5 and the console use the Unicode categories, which these blocks follow.
 */
const PG_SEPARATORS =
  '[^0-9A-Za-z\\u00AA\\u00B2\\u00B3\\u00B5\\u00B9\\u00BA\\u00BC-\\u00BE\\u00C0-\\u00D6\\u00D8-\\u00F6' +
  '\\u00F8-\\u1FFF\\u2070-\\u209F\\u20D0-\\u218F\\u2C00-\\u2DFF\\u3040-\\uFDFF\\uFE70-\\uFEFE' +
  '\\uFF10-\\uFF19\\uFF21-\\uFF3A\\uFF41-\\uFF5A\\uFF66-\\uFFDF\\U00010000-\\U0001EFFF\\U00020000-\\U0010FFFF]+';

/**
 * Capital letters above ASCII and their lower case (Latin, Greek, Cyrillic, Armenian): the 'simple'
 * configuration lowers case by the database's locale, which under C leaves these alone.
 */
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

/** The words of one payload for FTS5: every text, integer and real value, in document order. */
const sqliteWords = (row: 'new' | 'old' | 'relay_events') =>
  `(SELECT group_concat(value, ' ') FROM json_tree(${row}.payload) WHERE type IN ('text', 'integer', 'real'))`;

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    await sql
      .raw(
        // columnsize=0: no per-row sizes (they only serve ranking, which the relay does not do).
        `CREATE VIRTUAL TABLE relay_events_search USING fts5(words, content='relay_events',
           content_rowid='seq', columnsize=0, tokenize='unicode61 remove_diacritics 0')`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER relay_events_search_insert AFTER INSERT ON relay_events BEGIN
           INSERT INTO relay_events_search (rowid, words) VALUES (new.seq, ${sqliteWords('new')});
         END`,
      )
      .execute(db);
    // An external-content index forgets a row only when told the words it indexed for it.
    await sql
      .raw(
        `CREATE TRIGGER relay_events_search_delete AFTER DELETE ON relay_events BEGIN
           INSERT INTO relay_events_search (relay_events_search, rowid, words)
           VALUES ('delete', old.seq, ${sqliteWords('old')});
         END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER relay_events_search_update AFTER UPDATE OF seq, payload ON relay_events BEGIN
           INSERT INTO relay_events_search (relay_events_search, rowid, words)
           VALUES ('delete', old.seq, ${sqliteWords('old')});
           INSERT INTO relay_events_search (rowid, words) VALUES (new.seq, ${sqliteWords('new')});
         END`,
      )
      .execute(db);
    await sql
      .raw(
        `INSERT INTO relay_events_search (rowid, words)
         SELECT seq, ${sqliteWords('relay_events')} FROM relay_events`,
      )
      .execute(db);
    return;
  }
  // jsonb refuses two escapes JSON allows, \u0000 and a lone surrogate (\ud800): each becomes a space
  // (a separator, as for FTS5) before the cast (an odd number of backslashes before the u makes it an
  // escape), so no event can fail to store because of its words.
  const folding = pgCaseFolding();
  await sql
    .raw(
      String.raw`CREATE FUNCTION relay_event_words(payload text) RETURNS text
         LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
         SELECT translate(regexp_replace(
           jsonb_path_query_array(
             regexp_replace(payload, '(?<!\\)((\\\\)*)\\u(0000|[dD][89a-fA-F][0-9a-fA-F]{2})', '\1 ', 'g')::jsonb,
             'strict $.** ? (@.type() == "string" || @.type() == "number")'
           )::text,
           '${PG_SEPARATORS}', ' ', 'g'), '${folding.upper}', '${folding.lower}')
       $$`,
    )
    .execute(db);
  await sql
    .raw(
      `ALTER TABLE relay_events ADD COLUMN search_vector tsvector
         GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, relay_event_words(payload))) STORED`,
    )
    .execute(db);
  await sql
    .raw('CREATE INDEX relay_events_search ON relay_events USING gin (search_vector)')
    .execute(db);
}
