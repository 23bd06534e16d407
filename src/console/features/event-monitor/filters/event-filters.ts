// The monitor's filters: validated URL search params (shareable deep links), the client-side matcher
// for loaded events, and the query of the relay's history endpoint. The matcher mirrors the relay's
// history filter exactly (learner: id, whole email, or part of the name; course: course or learning
// path id; from inclusive, to exclusive; free text: src/contract/console/event-search.ts, which the
// server runs over the whole stored history), so live and history rows agree on what "matches" means.
import {
  eventSearchMatcher,
  formatEventSearch,
  parseEventSearch,
  type EventSearch,
} from '#contract/console/event-search.ts';
import type { EventKind } from '#contract/enums.ts';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { learnerName } from '../data/event-model.ts';
import type { MonitorSearchParams } from './monitor-search.ts';

export interface MonitorFilter {
  /** Null: every kind. */
  kinds: readonly EventKind[] | null;
  learner: string | null;
  course: string | null;
  from: number | null;
  to: number | null;
  q: string | null;
}

export const NO_FILTER: MonitorFilter = {
  kinds: null,
  learner: null,
  course: null,
  from: null,
  to: null,
  q: null,
};

export function filterFromSearch(search: MonitorSearchParams): MonitorFilter {
  return {
    kinds: search.kinds ? (search.kinds.split(',') as EventKind[]) : null,
    learner: search.learner ?? null,
    course: search.course ?? null,
    from: search.from ? Date.parse(search.from) : null,
    to: search.to ? Date.parse(search.to) : null,
    q: search.q ?? null,
  };
}

/** The free text as a search, or why it is not one (a search needs a word to find). */
export function freeText(q: string | null): { search: EventSearch | null; problem: string | null } {
  if (!q) return { search: null, problem: null };
  const parsed = parseEventSearch(q);
  return parsed.ok
    ? { search: parsed.search, problem: null }
    : { search: null, problem: parsed.message };
}

/** The filter as the relay's history endpoint applies it (free text normalized: `a  B` = `a b`). */
export function serverFilterKey(filter: MonitorFilter): string {
  const { search } = freeText(filter.q);
  return JSON.stringify([
    filter.kinds,
    filter.learner,
    filter.course,
    filter.from,
    filter.to,
    search && formatEventSearch(search),
  ]);
}

export function historyQuery(filter: MonitorFilter): Record<string, string | undefined> {
  return {
    kind: filter.kinds?.join(','),
    learner: filter.learner ?? undefined,
    course: filter.course ?? undefined,
    from: filter.from === null ? undefined : String(filter.from),
    to: filter.to === null ? undefined : String(filter.to),
    // A text that is not a search (only -words) is not sent: the filter bar says why.
    q: freeText(filter.q).search ? filter.q! : undefined,
  };
}

export const hasAnyFilter = (filter: MonitorFilter): boolean =>
  Boolean(
    filter.kinds ||
    filter.learner ||
    filter.course ||
    filter.from !== null ||
    filter.to !== null ||
    filter.q,
  );

function matchesLearner(event: LearnerEvent, learner: string): boolean {
  const { id, email } = event.learner;
  if (id === learner) return true;
  const wanted = learner.toLowerCase();
  if (email.toLowerCase() === wanted) return true;
  return learnerName(event).toLowerCase().includes(wanted);
}

/** Time range, course and learner: everything the relay filters except the kinds. */
export function matchesBase(event: LearnerEvent, filter: MonitorFilter): boolean {
  if (filter.from !== null && event.timestamp < filter.from) return false;
  if (filter.to !== null && event.timestamp >= filter.to) return false;
  if (
    filter.course !== null &&
    event.course?.id !== filter.course &&
    event.learningPath?.id !== filter.course
  )
    return false;
  if (filter.learner !== null && !matchesLearner(event, filter.learner)) return false;
  return true;
}

/** Compiles the free text once per filter, with the meaning the server's search has. */
export function textMatcher(q: string | null): ((event: LearnerEvent) => boolean) | null {
  const { search } = freeText(q);
  return search ? eventSearchMatcher(search) : null;
}

export function createMatcher(filter: MonitorFilter) {
  const kinds = filter.kinds ? new Set<EventKind>(filter.kinds) : null;
  const text = textMatcher(filter.q);
  return {
    base: (event: LearnerEvent) => matchesBase(event, filter) && (text === null || text(event)),
    kind: (event: LearnerEvent) => kinds === null || kinds.has(event.kind),
  };
}
