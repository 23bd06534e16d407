// The monitor's URL search params, validated (a hand-edited or stale link falls back to "no filter",
// never to an error page). Kept apart from the rest of the feature: the route's definition imports it
// eagerly, everything else loads with the route's chunk.
import { EVENT_KINDS } from '#contract/enum-lists.ts';
import {
  isoTime,
  urlSearch,
  urlText,
  uuid,
  type UrlSearchOf,
  type UrlValue,
} from '../../../lib/url-search.ts';

/** `kinds=quizAttempt,courseCompletion`: unknown names are dropped, order and repeats normalized. */
const kindList: UrlValue<string> = (value) => {
  if (typeof value !== 'string') return undefined;
  const wanted = new Set(value.split(',').map((item) => item.trim()));
  const kinds = EVENT_KINDS.filter((kind) => wanted.has(kind));
  return kinds.length > 0 && kinds.length < EVENT_KINDS.length ? kinds.join(',') : undefined;
};

const monitorFields = {
  kinds: kindList,
  learner: urlText(320),
  /** Course or learning path id. */
  course: uuid,
  from: isoTime,
  to: isoTime,
  /** Free text: the server searches the whole stored history (event-search.ts). */
  q: urlText(200),
};

export const MonitorSearch = urlSearch(monitorFields);
/** A learner's timeline: the kinds and the time window of the monitor's filters. */
export const LearnerSearch = urlSearch({
  kinds: monitorFields.kinds,
  from: monitorFields.from,
  to: monitorFields.to,
});
export type MonitorSearchParams = UrlSearchOf<typeof monitorFields>;
export type MonitorSearchInput = MonitorSearchParams;
