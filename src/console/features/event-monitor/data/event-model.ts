// The monitor's unit of data: one relayed event (parsed with the contract's schema) and the relay's
// sequence number. Nested learner/course objects repeat across thousands of events, so the monitor's
// store shares equal ones (interner.ts) to keep 100,000 loaded events cheap in memory.
import { LearnerEvent } from '#contract/schemas/events.ts';
import type { EventRef, Interner } from './interner.ts';

export interface StoredEvent {
  /** The relay's monotonic sequence number (the SSE id); orders the list. */
  readonly seq: number;
  /** The event as the feed sent it (validated against the contract, unknown fields kept). */
  readonly event: LearnerEvent;
}

export type ParseResult = { ok: true; event: LearnerEvent } | { ok: false; reason: string };

/**
 * Validates one relayed event with the contract. The original object is kept (not zod's output) so
 * the raw JSON view and the NDJSON export show exactly what the feed sent.
 */
export function parseEvent(raw: unknown, interner?: Interner): ParseResult {
  const result = LearnerEvent.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    return {
      ok: false,
      reason: issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'invalid event',
    };
  }
  const event = raw as LearnerEvent;
  if (interner) {
    const mutable = event as { -readonly [K in keyof LearnerEvent]: LearnerEvent[K] };
    mutable.learner = interner.learner(event.learner);
    (mutable as { course: EventRef | null }).course = interner.ref(event.course);
    (mutable as { learningPath: EventRef | null }).learningPath = interner.ref(event.learningPath);
  }
  return { ok: true, event };
}

/** The course or learning path an event is about. */
export function resourceOf(event: LearnerEvent): {
  type: 'course' | 'learningPath';
  id: string;
  title: string;
} {
  if (event.course) return { type: 'course', id: event.course.id, title: event.course.title };
  const path = event.learningPath!;
  return { type: 'learningPath', id: path.id, title: path.title };
}

export const learnerName = (event: LearnerEvent): string =>
  `${event.learner.firstName} ${event.learner.lastName}`.trim();
