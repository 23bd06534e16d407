// Folds one learner's stored events (oldest first) into the learner page's summary: counts per kind, and
// per course and learning path the first enrollment, start, completion and certificate and the latest
// progress. Payloads are read leniently (the spec leaves event fields "not shown"): a field an event does
// not carry leaves its answer null, never guessed.
import { EVENT_KINDS, type EventKind } from '#contract/enums.ts';
import type {
  LearnerIdentity,
  LearnerResource,
  LearnerSummary,
} from '#contract/console/learners.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

interface Standing {
  id: string;
  title: string;
  events: number;
  enrolledAt: number | null;
  startedAt: number | null;
  completedAt: number | null;
  certificateAt: number | null;
  progressPercent: number | null;
  lastEventAt: number;
}

const KNOWN = new Set<string>(EVENT_KINDS);
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

function standingOf(map: Map<string, Standing>, ref: unknown, at: number): Standing | null {
  if (!isObject(ref)) return null;
  const id = str(ref.id);
  if (id === null) return null;
  let standing = map.get(id);
  if (!standing) {
    standing = {
      id,
      title: '',
      events: 0,
      enrolledAt: null,
      startedAt: null,
      completedAt: null,
      certificateAt: null,
      progressPercent: null,
      lastEventAt: at,
    };
    map.set(id, standing);
  }
  standing.events += 1;
  standing.lastEventAt = Math.max(standing.lastEventAt, at);
  const title = str(ref.title);
  if (title !== null && title.trim() !== '') standing.title = title;
  return standing;
}

const first = (current: number | null, at: number) => (current === null ? at : current);

function apply(standing: Standing, kind: string, data: Record<string, unknown>, at: number) {
  const action = str(data.action);
  if (typeof data.progressPercent === 'number') standing.progressPercent = data.progressPercent;
  if (kind === 'courseEnrollment' || kind === 'learningPathEnrollment')
    standing.enrolledAt = first(standing.enrolledAt, at);
  if (action === 'started') standing.startedAt = first(standing.startedAt, at);
  if (kind === 'courseCompletion' || action === 'completed')
    standing.completedAt = first(standing.completedAt, at);
  if (kind === 'courseCertificate') standing.certificateAt = first(standing.certificateAt, at);
}

const byLatest = (standings: Map<string, Standing>): LearnerResource[] =>
  [...standings.values()]
    .sort((a, b) => b.lastEventAt - a.lastEventAt)
    .map((standing) => ({
      ...standing,
      title: standing.title || '(no title in its events)',
      enrolledAt: iso(standing.enrolledAt),
      startedAt: iso(standing.startedAt),
      completedAt: iso(standing.completedAt),
      certificateAt: iso(standing.certificateAt),
      lastEventAt: iso(standing.lastEventAt)!,
    }));

export function summarizeLearner(
  rows: readonly { kind: string; payload: string }[],
): LearnerSummary {
  const byKind: Partial<Record<EventKind, number>> = {};
  const courses = new Map<string, Standing>();
  const paths = new Map<string, Standing>();
  let learner: LearnerIdentity | null = null;
  let firstAt: number | null = null;
  let lastAt: number | null = null;
  for (const row of rows) {
    const event: unknown = JSON.parse(row.payload);
    if (!isObject(event) || typeof event.timestamp !== 'number') continue;
    const at = event.timestamp;
    if (KNOWN.has(row.kind))
      byKind[row.kind as EventKind] = (byKind[row.kind as EventKind] ?? 0) + 1;
    firstAt = firstAt === null ? at : Math.min(firstAt, at);
    lastAt = lastAt === null ? at : Math.max(lastAt, at);
    if (isObject(event.learner) && (lastAt === at || learner === null))
      learner = {
        id: str(event.learner.id) ?? '',
        email: str(event.learner.email) ?? '',
        firstName: str(event.learner.firstName) ?? '',
        lastName: str(event.learner.lastName) ?? '',
      };
    const data = isObject(event.data) ? event.data : {};
    const course = standingOf(courses, event.course, at);
    if (course) apply(course, row.kind, data, at);
    const path = standingOf(paths, event.learningPath, at);
    if (path) apply(path, row.kind, data, at);
  }
  return {
    learner,
    total: rows.length,
    byKind,
    firstEventAt: iso(firstAt),
    lastEventAt: iso(lastAt),
    courses: byLatest(courses),
    learningPaths: byLatest(paths),
  };
}
