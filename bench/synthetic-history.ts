// A large, realistic stored history for the history search benchmark, written straight into a
// console database through the relay's repository (as the relay stores what it polls): 8 kinds, 20,000
// learners, 400 courses with 8 topics each, 40 learning paths, events valid against the contract's
// schemas. One learner, FOCUS, gets FOCUS_EVENTS of them, spread through the whole history. Deterministic
// (seeded), so both engines hold the same events.
import { EVENT_KINDS } from '#contract/enums.ts';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { FIRST_NAMES, LAST_NAMES } from '../src/sandbox/feed/learner-names.ts';
import { createRng } from '../src/sandbox/lib/prng.ts';
import { normalizeEvent } from '../src/server/relay/normalize-event.ts';
import type { RelayRepository } from '../src/server/storage/relay-repository.ts';

const TOPICS = [
  'Safety',
  'Onboarding',
  'Compliance',
  'Leadership',
  'Negotiation',
  'Accounting',
  'Forklift',
  'Hygiene',
  'Privacy',
  'Customer',
  'Service',
  'Excel',
  'Python',
  'Welding',
  'Chemistry',
  'Marketing',
  'Ethics',
  'Writing',
  'Spanish',
  'Security',
];
const LEVELS = ['basics', 'essentials', 'advanced', 'refresher', 'masterclass'];

/**
 * Raise when syntheticEvent or fillHistory change what is stored: the benches' cache of filled databases
 * (history-cache.ts) is keyed by it.
 */
export const GENERATOR_VERSION = 1;

export const LEARNERS = 20_000;
const COURSES = 400;
const PATHS = 40;
const TOPICS_PER_COURSE = 8;
export const FOCUS_EVENTS = 10_000;

/** A UUID v4-shaped id from a namespace digit and a number, so ids are stable across runs. */
const uuid = (space: number, n: number) => {
  const hex = n.toString(16).padStart(12, '0');
  return `${space.toString(16).padStart(8, '0')}-0000-4000-8000-${hex}`;
};

export interface Learner {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export const learnerAt = (n: number): Learner => {
  const firstName = FIRST_NAMES[n % FIRST_NAMES.length]!;
  const lastName = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]!;
  return {
    id: uuid(1, n),
    email: `${firstName}.${lastName}${n}@learners.test`.toLowerCase(),
    firstName,
    lastName,
  };
};

/** The learner with FOCUS_EVENTS events (the search bench filters by them: one learner's many events). */
export const FOCUS = learnerAt(7);

export const courseAt = (n: number) => ({
  id: uuid(2, n),
  title: `${TOPICS[n % TOPICS.length]} ${LEVELS[Math.floor(n / TOPICS.length) % LEVELS.length]} ${Math.floor(n / 100) + 1}`,
});
export const topicOf = (course: number, i: number) => uuid(3, course * TOPICS_PER_COURSE + i);
export const pathAt = (n: number) => ({
  id: uuid(4, n),
  title: `${TOPICS[n % TOPICS.length]} path ${n}`,
});

export function syntheticEvent(n: number, total: number, start: number): LearnerEvent {
  const random = createRng(n * 2654435761);
  const timestamp = start + Math.floor((n * 30 * 24 * 3600 * 1000) / total);
  // Every (total / FOCUS_EVENTS)th event is the focus learner's.
  const focus = n % Math.floor(total / FOCUS_EVENTS) === 0;
  const learner = focus ? FOCUS : learnerAt(random.int(0, LEARNERS - 1));
  const kind = random.pick(EVENT_KINDS);
  const base = { id: `ev-${n}`, timestamp, learner };
  const courseN = random.int(0, COURSES - 1);
  const course = { course: courseAt(courseN), learningPath: null, topicId: null };
  const path = { course: null, learningPath: pathAt(random.int(0, PATHS - 1)), topicId: null };
  const id = (space: number) => uuid(space, n);
  const percent = random.int(0, 100);
  switch (kind) {
    case 'courseAction':
      return {
        ...base,
        ...course,
        kind,
        data: {
          action: random.pick(['started', 'topicViewed', 'progressed', 'completed'] as const),
          progressPercent: percent,
        },
      };
    case 'courseEnrollment':
      return {
        ...base,
        ...course,
        kind,
        data: {
          enrollmentId: id(5),
          source: random.pick(['self', 'admin', 'purchase'] as const),
        },
      };
    case 'courseCompletion':
      return { ...base, ...course, kind, data: { enrollmentId: id(5), progressPercent: 100 } };
    case 'courseCertificate':
      return {
        ...base,
        ...course,
        kind,
        data: { certificateId: id(6), completionEventId: `ev-${Math.max(0, n - 1)}` },
      };
    case 'learningPathAction':
      return {
        ...base,
        ...path,
        kind,
        data: {
          action: random.pick(['started', 'progressed', 'completed'] as const),
          progressPercent: percent,
        },
      };
    case 'learningPathEnrollment':
      return { ...base, ...path, kind, data: { enrollmentId: id(5) } };
    case 'quizAttempt': {
      const score = random.int(0, 1000) / 10;
      return {
        ...base,
        ...course,
        topicId: topicOf(courseN, random.int(0, TOPICS_PER_COURSE - 1)),
        kind,
        data: { attemptId: id(7), score, passingScore: 70, passed: score >= 70 },
      };
    }
    case 'assignmentSubmission':
      return {
        ...base,
        ...course,
        topicId: topicOf(courseN, random.int(0, TOPICS_PER_COURSE - 1)),
        kind,
        data: { submissionId: id(8), fileCount: random.int(0, 3) },
      };
  }
}

/** Stores `total` synthetic events through the repository, a page per kind at a time; returns the ms taken. */
export async function fillHistory(
  repo: RelayRepository,
  total: number,
  options: { start?: number; batch?: number; progress?: (done: number) => void } = {},
): Promise<number> {
  const start = options.start ?? Date.UTC(2026, 9, 1);
  const batch = options.batch ?? 10_000;
  for (const kind of EVENT_KINDS) await repo.ensureKind(kind);
  const began = performance.now();
  for (let from = 0; from < total; from += batch) {
    const byKind = new Map<string, ReturnType<typeof normalizeEvent>[]>();
    for (let n = from; n < Math.min(total, from + batch); n++) {
      const event = syntheticEvent(n, total, start);
      const list = byKind.get(event.kind) ?? [];
      list.push(normalizeEvent(event.kind, event));
      byKind.set(event.kind, list);
    }
    for (const [kind, events] of byKind)
      await repo.insertPage(
        kind,
        events.filter((event) => event !== null),
        1,
      );
    options.progress?.(Math.min(total, from + batch));
  }
  return performance.now() - began;
}
