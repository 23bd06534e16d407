// The learner page's summary from the relay's SQL aggregates (storage/learner-summary-queries.ts): counts
// per kind, and per course and learning path the first enrollment, start, completion and certificate and
// the latest progress. The few payloads it quotes (identity, titles, progress) are read leniently (the
// spec leaves event fields "not shown"): a field an event does not carry leaves its answer null, never
// guessed.
import { EVENT_KINDS, type EventKind } from '#contract/enums.ts';
import type {
  LearnerIdentity,
  LearnerResource,
  LearnerSummary,
} from '#contract/console/learners.ts';
import type { LearnerGroupRow } from '../storage/learner-summary-queries.ts';
import type { RelayRepository } from '../storage/relay-repository.ts';

type ResourceType = 'course' | 'learningPath';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const parse = (payload: string | undefined): Record<string, unknown> | null => {
  if (payload === undefined) return null;
  const value: unknown = JSON.parse(payload);
  return isObject(value) ? value : null;
};

const KNOWN = new Set<string>(EVENT_KINDS);
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** The name and email an event gives of its learner; null when it carries no learner object. */
function identityOf(payload: string | undefined): LearnerIdentity | null {
  const learner = parse(payload)?.learner;
  if (!isObject(learner)) return null;
  return {
    id: str(learner.id) ?? '',
    email: str(learner.email) ?? '',
    firstName: str(learner.firstName) ?? '',
    lastName: str(learner.lastName) ?? '',
  };
}

/** The title an event gives its course or learning path, unless blank. */
function titleOf(payload: string | undefined, type: ResourceType): string | null {
  const resource = parse(payload)?.[type];
  const title = isObject(resource) ? str(resource.title) : null;
  return title !== null && title.trim() !== '' ? title : null;
}

function progressOf(payload: string | undefined): number | null {
  const data = parse(payload)?.data;
  return isObject(data) && typeof data.progressPercent === 'number' ? data.progressPercent : null;
}

/** What an item's events say of it beyond the aggregates. */
interface Quoted {
  title: string | null;
  progress: number | null;
}

/**
 * The item's title from its latest event, and its progress from the latest event that mentions one;
 * when those do not say it (a blank title, a progress that is not a figure), its events newest first.
 */
async function quote(
  repo: RelayRepository,
  learnerId: string,
  group: LearnerGroupRow & { type: ResourceType },
  payloads: ReadonlyMap<number, string>,
): Promise<Quoted> {
  let title = titleOf(payloads.get(group.lastSeq), group.type);
  if (title === null)
    for (const payload of await repo.learnerItemPayloads(learnerId, group.type, group.id, false)) {
      title = titleOf(payload, group.type);
      if (title !== null) break;
    }
  let progress = group.progressSeq === null ? null : progressOf(payloads.get(group.progressSeq));
  if (progress === null && group.progressSeq !== null)
    for (const payload of await repo.learnerItemPayloads(learnerId, group.type, group.id, true)) {
      progress = progressOf(payload);
      if (progress !== null) break;
    }
  return { title, progress };
}

function resource(group: LearnerGroupRow, quoted: Quoted): LearnerResource {
  return {
    id: group.id,
    title: quoted.title ?? '(no title in its events)',
    events: group.events,
    enrolledAt: iso(group.enrolledAt),
    startedAt: iso(group.startedAt),
    completedAt: iso(group.completedAt),
    certificateAt: iso(group.certificateAt),
    progressPercent: quoted.progress,
    lastEventAt: iso(group.lastAt)!,
  };
}

/** One learner's stored history summed up (GET /api/learners/{id}). */
export async function readLearnerSummary(
  repo: RelayRepository,
  learnerId: string,
): Promise<LearnerSummary> {
  const groups = await repo.learnerGroups(learnerId);
  const of = (type: LearnerGroupRow['type']) => groups.filter((group) => group.type === type);
  const resources = [...of('course'), ...of('learningPath')] as (LearnerGroupRow & {
    type: ResourceType;
  })[];
  // Newest first by event time; ties: the later stored.
  const latest = of('latest').sort((a, b) => b.lastAt - a.lastAt || b.lastSeq - a.lastSeq);
  const payloads = await repo.payloadsBySeq([
    ...latest.map((group) => group.lastSeq),
    ...resources.flatMap((group) =>
      group.progressSeq === null ? [group.lastSeq] : [group.lastSeq, group.progressSeq],
    ),
  ]);
  const quotes = await Promise.all(
    resources.map((group) => quote(repo, learnerId, group, payloads)),
  );
  const standings = resources.map((group, i) => ({ group, item: resource(group, quotes[i]!) }));
  // Latest activity first; ties keep the order the items were first seen in.
  const byLatest = (type: ResourceType) =>
    standings
      .filter(({ group }) => group.type === type)
      .sort((a, b) => b.group.lastAt - a.group.lastAt || a.group.firstSeq - b.group.firstSeq)
      .map(({ item }) => item);

  const byKind: Partial<Record<EventKind, number>> = {};
  let total = 0;
  let firstAt: number | null = null;
  let lastAt: number | null = null;
  for (const group of of('kind')) {
    total += group.events;
    if (KNOWN.has(group.id)) byKind[group.id as EventKind] = group.events;
    firstAt = firstAt === null ? group.firstAt : Math.min(firstAt, group.firstAt);
    lastAt = lastAt === null ? group.lastAt : Math.max(lastAt, group.lastAt);
  }
  return {
    learner:
      latest
        .map((group) => identityOf(payloads.get(group.lastSeq)))
        .find((identity) => identity !== null) ?? null,
    total,
    byKind,
    firstEventAt: iso(firstAt),
    lastEventAt: iso(lastAt),
    courses: byLatest('course'),
    learningPaths: byLatest('learningPath'),
  };
}
