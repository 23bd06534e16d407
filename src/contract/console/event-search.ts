// Free-text search over stored events, one meaning everywhere: the console server runs it over the whole
// history (SQLite FTS5, PostgreSQL full text: src/server/storage/event-search-sql.ts) and the console over
// the live events it holds (matchesEventSearch), so a live row and a history row agree on "matches".
//
// What is searched: every text and number value of the event as the feed sent it (names, email, ids,
// titles, data), never the field names ("passed" finds a learner called Passed, not every quiz attempt).
// Words are runs of letters and digits, compared whole and without regard to case; anything else
// separates them, so an email or an id is a phrase of its parts and finds itself.
//
// Syntax (web-search style, as PostgreSQL's websearch_to_tsquery reads it): words must all occur;
// "quoted words" must occur in that order; -word leaves out events with it; `or` between two parts
// accepts either part (`ann lee or bob` = (ann and lee) or bob).
import { z } from '../zod.ts';

/** A phrase: words that must occur one after another (one word: anywhere). */
export type SearchPhrase = readonly string[];

/** One alternative of a search: all of `include`, none of `exclude`. */
export interface SearchGroup {
  readonly include: readonly SearchPhrase[];
  readonly exclude: readonly SearchPhrase[];
}

/** A parsed search: any one of its groups matches. */
export interface EventSearch {
  readonly groups: readonly SearchGroup[];
}

export const EVENT_SEARCH_MAX_LENGTH = 200;
/** Bounds the work one search can ask of the database. */
const MAX_PHRASES = 16;
const MAX_PHRASE_WORDS = 16;

const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

/** The words of a text, lower case, in order. */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

export const EVENT_SEARCH_MESSAGES = {
  noWords: 'type a word to search for',
  onlyExcluded:
    'each part of the search needs a word to find (a word after - only leaves events out)',
  tooMany: `at most ${MAX_PHRASES} words or "quoted phrases"`,
} as const;

type Parsed = { ok: true; search: EventSearch } | { ok: false; message: string };

/** Reads the search syntax; a search without a word to find is refused with a sentence that says so. */
export function parseEventSearch(text: string): Parsed {
  const groups: { include: string[][]; exclude: string[][] }[] = [{ include: [], exclude: [] }];
  let phrases = 0;
  // A part: -? then a quoted phrase (closing quote optional) or a run of non-space characters.
  for (const match of text.matchAll(/(-?)(?:"([^"]*)"?|(\S+))/g)) {
    const [, minus, quoted, bare] = match;
    if (quoted === undefined && !minus && bare!.toLowerCase() === 'or') {
      const current = groups[groups.length - 1]!;
      if (current.include.length + current.exclude.length > 0)
        groups.push({ include: [], exclude: [] });
      continue;
    }
    const words = searchWords(quoted ?? bare!).slice(0, MAX_PHRASE_WORDS);
    if (words.length === 0) continue;
    phrases += 1;
    const group = groups[groups.length - 1]!;
    (minus ? group.exclude : group.include).push(words);
  }
  const used = groups.filter((group) => group.include.length + group.exclude.length > 0);
  if (used.length === 0) return { ok: false, message: EVENT_SEARCH_MESSAGES.noWords };
  if (used.some((group) => group.include.length === 0))
    return { ok: false, message: EVENT_SEARCH_MESSAGES.onlyExcluded };
  if (phrases > MAX_PHRASES) return { ok: false, message: EVENT_SEARCH_MESSAGES.tooMany };
  return { ok: true, search: { groups: used } };
}

/** The `q` parameter: free text, parsed into an EventSearch. */
export const EventSearchParam = z
  .pipe(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(EVENT_SEARCH_MAX_LENGTH)),
    z.transform((value, ctx) => {
      const parsed = parseEventSearch(value);
      if (parsed.ok) return parsed.search;
      ctx.issues.push({ code: 'custom', message: parsed.message, input: value });
      return z.NEVER;
    }),
  )
  .register(z.globalRegistry, {
    description:
      'Free text over every stored event: every text and number value (names, email, ids, titles, data), whole words, any case. `"quoted words"` in order, `-word` leaves out, `or` between parts accepts either.',
  });

/** The words of every text and number value of an event, in document order (what the search reads). */
export function eventValueWords(event: unknown): string[] {
  const words: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') words.push(...searchWords(value));
    else if (typeof value === 'number') words.push(...searchWords(String(value)));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk(event);
  return words;
}

function hasPhrase(words: readonly string[], set: ReadonlySet<string>, phrase: SearchPhrase) {
  if (phrase.length === 1) return set.has(phrase[0]!);
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** A matcher for held events; cheap on the many events whose JSON lacks a wanted word. */
export function eventSearchMatcher(search: EventSearch): (event: unknown) => boolean {
  return (event) => {
    const json = JSON.stringify(event).toLowerCase();
    // Every word of a match is in the JSON text: a group none of whose words is there cannot match.
    const candidates = search.groups.filter((group) =>
      group.include.every((phrase) => phrase.every((word) => json.includes(word))),
    );
    if (candidates.length === 0) return false;
    const words = eventValueWords(event);
    const set = new Set(words);
    return candidates.some(
      (group) =>
        group.include.every((phrase) => hasPhrase(words, set, phrase)) &&
        !group.exclude.some((phrase) => hasPhrase(words, set, phrase)),
    );
  };
}

/** The search written back in its own syntax, normalized (what PostgreSQL's websearch_to_tsquery reads). */
export function formatEventSearch(search: EventSearch): string {
  const phrase = (words: SearchPhrase) => `"${words.join(' ')}"`;
  return search.groups
    .map((group) =>
      [...group.include.map(phrase), ...group.exclude.map((words) => `-${phrase(words)}`)].join(
        ' ',
      ),
    )
    .join(' or ');
}
