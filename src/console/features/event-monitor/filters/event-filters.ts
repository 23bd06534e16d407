// The monitor's filters: validated URL search params (shareable deep links), the client-side matcher
// for loaded events, and the query of the relay's history endpoint. The matcher mirrors the relay's
// history filter exactly (learner: id, whole email, or part of the name; course: course or learning
// path id; from inclusive, to exclusive), so live and history rows agree on what "matches" means.
import type { EventKind } from '#contract/enums.ts';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { EVENT_KIND_LABELS } from '../../../lib/labels.ts';
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

/** The part of a filter the relay's history endpoint applies (free text is client-side only). */
export function serverFilterKey(filter: MonitorFilter): string {
  return JSON.stringify([filter.kinds, filter.learner, filter.course, filter.from, filter.to]);
}

export function historyQuery(filter: MonitorFilter): Record<string, string | undefined> {
  return {
    kind: filter.kinds?.join(','),
    learner: filter.learner ?? undefined,
    course: filter.course ?? undefined,
    from: filter.from === null ? undefined : String(filter.from),
    to: filter.to === null ? undefined : String(filter.to),
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

/** The text free-text search looks in: who, what, where, and the event's own data. */
export function searchableText(event: LearnerEvent): string {
  const resource = event.course ?? event.learningPath;
  return [
    event.id,
    event.kind,
    EVENT_KIND_LABELS[event.kind],
    learnerName(event),
    event.learner.email,
    event.learner.id,
    resource?.title,
    resource?.id,
    event.topicId,
    JSON.stringify(event.data),
  ]
    .join('\n')
    .toLowerCase();
}

/** Compiles the free text once per filter: every whitespace-separated term must occur. */
export function textMatcher(q: string | null): ((event: LearnerEvent) => boolean) | null {
  const terms = q?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  if (terms.length === 0) return null;
  return (event) => {
    const haystack = searchableText(event);
    return terms.every((term) => haystack.includes(term));
  };
}

export function createMatcher(filter: MonitorFilter) {
  const kinds = filter.kinds ? new Set<EventKind>(filter.kinds) : null;
  const text = textMatcher(filter.q);
  return {
    base: (event: LearnerEvent) => matchesBase(event, filter) && (text === null || text(event)),
    kind: (event: LearnerEvent) => kinds === null || kinds.has(event.kind),
  };
}
