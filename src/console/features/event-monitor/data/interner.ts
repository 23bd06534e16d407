// What the monitor's store (event-store.ts) keys and shares its events by: a module apart from
// event-model.ts, which the learner page loads for its parser alone.
import type { LearnerEvent } from '#contract/schemas/events.ts';

/** Dedup key: the relay stores events unique by (kind, id), so the monitor does too. */
export const eventKey = (event: Pick<LearnerEvent, 'kind' | 'id'>): string =>
  `${event.kind}\u0000${event.id}`;

type Learner = LearnerEvent['learner'];
export type EventRef = { id: string; title: string };

/** Shares equal nested objects between events; bounded so a long session cannot grow it forever. */
export class Interner {
  private readonly learners = new Map<string, Learner>();
  private readonly refs = new Map<string, EventRef>();

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

  ref<T extends EventRef | null>(value: T): T {
    if (value === null) return value;
    const known = this.refs.get(value.id);
    if (known && known.title === value.title && Object.keys(value).length === 2) return known as T;
    if (this.refs.size >= this.max) this.refs.clear();
    this.refs.set(value.id, value);
    return value;
  }
}
