// The learner page's summary from the aggregates the relay keeps as it stores events
// (storage/learner-aggregates.ts): counts per kind, and per course and learning path the first
// enrollment, start, completion and certificate, the latest progress and title. What no event said
// stays null (the spec leaves event fields "not shown"), never guessed.
import { EVENT_KINDS, type EventKind } from '#contract/enums.ts';
import {
  LearnerIdentity,
  type LearnerResource,
  type LearnerSummary,
} from '#contract/console/learners.ts';
import type { LearnerItemRow } from '../storage/learner-summary-queries.ts';
import type { RelayRepository } from '../storage/relay-repository.ts';

const KNOWN = new Set<string>(EVENT_KINDS);
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

function resource(item: LearnerItemRow): LearnerResource {
  return {
    id: item.id,
    title: item.title ?? '(no title in its events)',
    events: item.events,
    enrolledAt: iso(item.enrolledAt),
    startedAt: iso(item.startedAt),
    completedAt: iso(item.completedAt),
    certificateAt: iso(item.certificateAt),
    progressPercent: item.progress,
    lastEventAt: iso(item.lastAt)!,
  };
}

/** One learner's stored history summed up (GET /api/learners/{id}). */
export async function readLearnerSummary(
  repo: RelayRepository,
  learnerId: string,
): Promise<LearnerSummary> {
  const [items, identity] = await Promise.all([
    repo.learnerItems(learnerId),
    repo.learnerIdentity(learnerId),
  ]);
  // Latest activity first; ties keep the order the items were first seen in.
  const byLatest = (type: 'course' | 'learningPath') =>
    items
      .filter((item) => item.type === type)
      .sort((a, b) => b.lastAt - a.lastAt || a.firstSeq - b.firstSeq)
      .map(resource);

  const byKind: Partial<Record<EventKind, number>> = {};
  let total = 0;
  let firstAt: number | null = null;
  let lastAt: number | null = null;
  for (const item of items) {
    if (item.type !== 'kind') continue;
    total += item.events;
    if (KNOWN.has(item.id)) byKind[item.id as EventKind] = item.events;
    firstAt = firstAt === null ? item.firstAt : Math.min(firstAt, item.firstAt);
    lastAt = lastAt === null ? item.lastAt : Math.max(lastAt, item.lastAt);
  }
  return {
    learner: identity === null ? null : LearnerIdentity.parse(JSON.parse(identity)),
    total,
    byKind,
    firstEventAt: iso(firstAt),
    lastEventAt: iso(lastAt),
    courses: byLatest('course'),
    learningPaths: byLatest('learningPath'),
  };
}
