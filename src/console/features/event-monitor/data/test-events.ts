// Builds contract-valid events for the feature's unit tests (never imported by the app).
import type { EventKind } from '#contract/enums.ts';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import type { IncomingEvent } from './event-store.ts';

const uuid = (n: number, prefix = 'a') =>
  `${prefix.repeat(8)}-0000-4000-8000-${String(n).padStart(12, '0')}`.slice(0, 36);

export const LEARNERS = [
  { id: uuid(1, 'b'), email: 'ada@example.test', firstName: 'Ada', lastName: 'Lovelace' },
  { id: uuid(2, 'b'), email: 'grace@example.test', firstName: 'Grace', lastName: 'Hopper' },
  { id: uuid(3, 'b'), email: 'alan@example.test', firstName: 'Alan', lastName: 'Turing' },
];
export const COURSES = [
  { id: uuid(1, 'c'), title: 'Intro to Compilers' },
  { id: uuid(2, 'c'), title: '=Formulas for Fun' },
];
export const PATHS = [{ id: uuid(1, 'd'), title: 'Data Path' }];

export interface EventOptions {
  kind?: EventKind;
  learner?: number;
  course?: number;
  timestamp?: number;
}

/** Event number `n` (its id and timestamp follow from n unless given). */
export function makeEvent(n: number, options: EventOptions = {}): LearnerEvent {
  const kind = options.kind ?? 'courseAction';
  const learner = LEARNERS[options.learner ?? n % LEARNERS.length]!;
  const base = {
    id: `evt-${n}`,
    timestamp: options.timestamp ?? 1_700_000_000_000 + n * 1000,
    learner,
  };
  const course = COURSES[options.course ?? 0]!;
  const topicId = uuid(n, 'e');
  switch (kind) {
    case 'courseAction':
      return {
        ...base,
        kind,
        course,
        learningPath: null,
        topicId: null,
        data: { action: 'progressed', progressPercent: 40 },
      };
    case 'courseEnrollment':
      return {
        ...base,
        kind,
        course,
        learningPath: null,
        topicId: null,
        data: { enrollmentId: uuid(n, 'f'), source: 'self' },
      };
    case 'courseCompletion':
      return {
        ...base,
        kind,
        course,
        learningPath: null,
        topicId: null,
        data: { enrollmentId: uuid(n, 'f'), progressPercent: 100 },
      };
    case 'courseCertificate':
      return {
        ...base,
        kind,
        course,
        learningPath: null,
        topicId: null,
        data: { certificateId: uuid(n, 'f'), completionEventId: 'evt-x' },
      };
    case 'learningPathAction':
      return {
        ...base,
        kind,
        course: null,
        learningPath: PATHS[0]!,
        topicId: null,
        data: { action: 'started', progressPercent: 0 },
      };
    case 'learningPathEnrollment':
      return {
        ...base,
        kind,
        course: null,
        learningPath: PATHS[0]!,
        topicId: null,
        data: { enrollmentId: uuid(n, 'f') },
      };
    case 'quizAttempt':
      return {
        ...base,
        kind,
        course,
        learningPath: null,
        topicId,
        data: { attemptId: uuid(n, 'f'), score: 82.5, passingScore: 70, passed: true },
      };
    case 'assignmentSubmission':
      return {
        ...base,
        kind,
        course,
        learningPath: null,
        topicId,
        data: { submissionId: uuid(n, 'f'), fileCount: 2 },
      };
  }
}

/** As the relay delivers it: a JSON round trip (fresh objects), with its seq. */
export const incoming = (seq: number, event: LearnerEvent): IncomingEvent => ({
  seq,
  event: JSON.parse(JSON.stringify(event)) as unknown,
});

export const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);
