// The monitor's unit of data: one relayed event (parsed with the contract's schema) and the relay's
// sequence number. Nested learner/course objects repeat across thousands of events, so equal ones are
// shared (interned) to keep 100,000 loaded events cheap in memory.
import { LearnerEvent } from '#contract/schemas/events.ts';

export interface StoredEvent {
  /** The relay's monotonic sequence number (the SSE id); orders the list. */
  readonly seq: number;
  /** The event as the feed sent it (validated against the contract, unknown fields kept). */
  readonly event: LearnerEvent;
}

/** Dedup key: the relay stores events unique by (kind, id), so the monitor does too. */
export const eventKey = (event: Pick<LearnerEvent, 'kind' | 'id'>): string =>
  `${event.kind}\u0000${event.id}`;

type Learner = LearnerEvent['learner'];
type Ref = { id: string; title: string };

/** Shares equal nested objects between events; bounded so a long session cannot grow it forever. */
export class Interner {
  private readonly learners = new Map<string, Learner>();
  private readonly refs = new Map<string, Ref>();

  constructor(private readonly max = 50_000) {}

  learner(value: Learner): Learner {
    const known = this.learners.get(value.id);
    if (
      known &&
      known.email === value.email &&
      known.firstName === value.firstName &&
      known.lastName === value.lastName &&
      Object.keys(value).length === 4
    )
      return known;
    if (this.learners.size >= this.max) this.learners.clear();
    this.learners.set(value.id, value);
    return value;
  }

  ref<T extends Ref | null>(value: T): T {
    if (value === null) return value;
    const known = this.refs.get(value.id);
    if (known && known.title === value.title && Object.keys(value).length === 2) return known as T;
    if (this.refs.size >= this.max) this.refs.clear();
    this.refs.set(value.id, value);
    return value;
  }
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
    (mutable as { course: Ref | null }).course = interner.ref(event.course);
    (mutable as { learningPath: Ref | null }).learningPath = interner.ref(event.learningPath);
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
