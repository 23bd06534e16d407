// Produces learner activity on demand (POST /sandbox/activity) and for the background worker. Work is
// serialized (one batch at a time), split into transactions of at most BATCH_SIZE events, and yields
// to the event loop between them so the API keeps answering during a large request.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { ACTIVITY_MESSAGES, EVENT_KINDS, type EventKind } from '#contract/index.ts';
import { createRng, type Rng } from '../lib/prng.ts';
import type { Db } from '../storage/database.ts';
import type { SettingsStore } from '../settings.ts';
import { ActivityBatch, type TimestampClock } from './activity-batch.ts';
import { ActivityStateLoader } from './activity-state.ts';
import { ActivityWriter } from './activity-writer.ts';
import { EventsRepository } from './events-repository.ts';

export interface ActivityResult {
  created: Partial<Record<EventKind, number>>;
  total: number;
  /** Kinds that could not be produced, with the reason (missing learners or content). */
  unavailable?: Partial<Record<EventKind, string>>;
  message?: string;
}

/** How often each kind is chosen: learners mostly make progress and take quizzes. */
const WEIGHTS: Record<EventKind, number> = {
  courseAction: 35,
  courseEnrollment: 12,
  courseCompletion: 8,
  courseCertificate: 5,
  learningPathAction: 10,
  learningPathEnrollment: 5,
  quizAttempt: 16,
  assignmentSubmission: 8,
};
const BATCH_SIZE = 2000;
/** Steps in a row that may not fit the remaining budget before a batch gives up on exactness. */
const MAX_OVER_BUDGET = 200;

export interface SimulatorDeps {
  db: Db;
  settings: SettingsStore;
  now: () => number;
}

export class ActivitySimulator {
  private readonly loader: ActivityStateLoader;
  private readonly writer: ActivityWriter;
  private readonly events: EventsRepository;
  private readonly latest = new Map<string, number>();
  private rng: Rng;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SimulatorDeps) {
    this.loader = new ActivityStateLoader(deps.db);
    this.writer = new ActivityWriter(deps.db);
    this.events = new EventsRepository(deps.db);
    let seed = deps.settings.get().seed;
    this.rng = createRng(seed ?? undefined);
    // A new settings.seed makes the simulator's choices reproducible from then on.
    deps.settings.onChange((next) => {
      if (next.seed !== seed) this.rng = createRng((seed = next.seed) ?? undefined);
    });
  }

  /** Creates `count` events of the given kinds (all kinds by default), as of now. */
  produce(companyId: string, count: number, kinds: readonly EventKind[] = EVENT_KINDS) {
    return this.serialized(() => this.run(companyId, count, kinds, this.liveClock(companyId)));
  }

  /** Backfills history: `count` events spread from `from` to `to` (used by the demo seed). */
  backfill(companyId: string, count: number, from: number, to: number) {
    return this.serialized(() =>
      this.run(companyId, count, EVENT_KINDS, spreadClock(from, to, count)),
    );
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async run(
    companyId: string,
    count: number,
    kinds: readonly EventKind[],
    clock: TimestampClock,
  ): Promise<ActivityResult> {
    const requested = new Set(kinds);
    const created: Partial<Record<EventKind, number>> = {};
    const unavailable: Partial<Record<EventKind, string>> = {};
    let total = 0;
    let remaining = count;
    while (remaining > 0) {
      const target = Math.min(remaining, BATCH_SIZE);
      const batch = this.deps.db.transaction(() =>
        this.batch(companyId, target, requested, unavailable, clock),
      )();
      for (const [kind, n] of Object.entries(batch.created) as [EventKind, number][])
        created[kind] = (created[kind] ?? 0) + n;
      total += batch.total;
      remaining -= batch.counted;
      if (batch.counted < target) break;
      if (remaining > 0) await yieldToEventLoop();
    }
    const result: ActivityResult = { created, total };
    if (Object.keys(unavailable).length > 0) result.unavailable = unavailable;
    if (total === 0) result.message = ACTIVITY_MESSAGES.nothingCreated;
    return result;
  }

  private batch(
    companyId: string,
    target: number,
    requested: ReadonlySet<EventKind>,
    unavailable: Partial<Record<EventKind, string>>,
    clock: TimestampClock,
  ): ActivityBatch {
    const state = this.loader.load(companyId);
    const batch = new ActivityBatch(
      state,
      this.writer,
      this.events,
      this.rng,
      clock,
      companyId,
      requested,
    );
    const pool: EventKind[] = [];
    for (const kind of requested) {
      const reason = unavailable[kind] ?? batch.unavailableReason(kind);
      if (reason) unavailable[kind] = reason;
      else pool.push(kind);
    }
    let overBudget = 0;
    while (batch.counted < target && pool.length > 0 && overBudget < MAX_OVER_BUDGET) {
      const result = batch.step(this.weightedPick(pool, batch), target - batch.counted);
      overBudget = result === 'overBudget' ? overBudget + 1 : 0;
    }
    return batch;
  }

  /**
   * Enrollments are chosen less often as learners run out of courses (or paths) they are not already
   * taking, so a long-running demo keeps its learners instead of signing new ones up all the time.
   */
  private weightedPick(pool: readonly EventKind[], batch: ActivityBatch): EventKind {
    const weights = pool.map((kind) => WEIGHTS[kind] * batch.enrollmentRoom(kind));
    let roll = this.rng.next() * weights.reduce((sum, w) => sum + w, 0);
    for (let i = 0; i < pool.length; i++) {
      roll -= weights[i]!;
      if (roll < 0) return pool[i]!;
    }
    return pool[pool.length - 1]!;
  }

  /**
   * Real time, never going backwards: events made within the same millisecond share a timestamp,
   * as on the real platform, so a consumer restarting from its checkpoint sees some again.
   */
  private liveClock(companyId: string): TimestampClock {
    let current = this.latest.get(companyId) ?? this.events.latestTimestamp(companyId) ?? 0;
    return {
      next: () => {
        current = Math.max(this.deps.now(), current);
        this.latest.set(companyId, current);
        return current;
      },
    };
  }
}

/** Evenly spread timestamps, three events per timestamp, for backfilled history. */
function spreadClock(from: number, to: number, count: number): TimestampClock {
  let i = 0;
  return {
    next: () => {
      const slot = Math.min(Math.floor(i++ / 3) * 3, count);
      return from + Math.floor(((to - from) * slot) / Math.max(count, 1));
    },
  };
}
