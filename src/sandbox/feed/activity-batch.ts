// One batch of simulated activity: chooses what each step does so it fits the budget. `budget` counts
// only events of the requested kinds, so a caller can ask for exactly N of them; a step that needs a
// missing prerequisite (a quiz attempt by a learner not enrolled yet) creates it too, with its event.
import { ACTIVITY_MESSAGES, type EventKind } from '#contract/index.ts';
import type { Rng } from '../lib/prng.ts';
import type { ActivityState, CourseRef } from './activity-state.ts';
import type { ActivityWriter } from './activity-writer.ts';
import { ActivityRecorder, RANDOM_PROBES, type TimestampClock } from './activity-recorder.ts';
import type { EventsRepository } from './events-repository.ts';
import type { RandomPool } from './random-pool.ts';

export type StepResult = 'created' | 'overBudget';
export type { TimestampClock };

const MIN_ENROLLMENT_ROOM = 0.01;

export class ActivityBatch {
  private readonly record: ActivityRecorder;

  constructor(
    private readonly state: ActivityState,
    writer: ActivityWriter,
    events: EventsRepository,
    private readonly rng: Rng,
    clock: TimestampClock,
    companyId: string,
    private readonly requested: ReadonlySet<EventKind>,
  ) {
    this.record = new ActivityRecorder(state, writer, events, rng, clock, companyId, requested);
  }

  get created(): Partial<Record<EventKind, number>> {
    return this.record.created;
  }
  get total(): number {
    return this.record.total;
  }
  /** Events of the requested kinds. */
  get counted(): number {
    return this.record.counted;
  }

  /** Why `kind` cannot be produced at all with this content, or undefined when it can. */
  unavailableReason(kind: EventKind): string | undefined {
    const { learners, courses, quizCourses, assignmentCourses, paths } = this.state;
    if (learners.length === 0) return ACTIVITY_MESSAGES.noLearners;
    if (kind === 'learningPathAction' || kind === 'learningPathEnrollment')
      return paths.length === 0 ? ACTIVITY_MESSAGES.noPublishedLearningPaths : undefined;
    if (courses.length === 0) return ACTIVITY_MESSAGES.noPublishedCourses;
    if (kind === 'quizAttempt' && quizCourses.length === 0) return ACTIVITY_MESSAGES.noQuizTopics;
    if (kind === 'assignmentSubmission' && assignmentCourses.length === 0)
      return ACTIVITY_MESSAGES.noAssignmentTopics;
    return undefined;
  }

  /** Share of (learner, resource) pairs still free for an enrollment of `kind`; 1 for other kinds. */
  enrollmentRoom(kind: EventKind): number {
    const { learners, courses, paths, activeCourses, activePaths } = this.state;
    const room = (active: number, resources: number) =>
      Math.max(MIN_ENROLLMENT_ROOM, 1 - active / Math.max(1, learners.length * resources));
    if (kind === 'courseEnrollment') return room(activeCourses.size, courses.length);
    if (kind === 'learningPathEnrollment') return room(activePaths.size, paths.length);
    return 1;
  }

  /** Produces one activity of `kind` (call only when `unavailableReason(kind)` is undefined). */
  step(kind: EventKind, budget: number): StepResult {
    const { state, record } = this;
    switch (kind) {
      case 'courseEnrollment':
        return this.when(this.cost(kind) <= budget, () => record.enroll(state.courses));
      case 'courseAction':
        return this.courseAction(budget);
      case 'courseCompletion': {
        const e = state.activeCourses.pick(this.rng);
        const cost = this.enrollCost(e) + this.cost('courseAction', 'courseCompletion');
        return this.when(cost <= budget, () => record.complete(e ?? record.enroll(state.courses)));
      }
      case 'courseCertificate':
        return this.certificate(budget);
      case 'quizAttempt':
      case 'assignmentSubmission':
        return this.submission(kind, budget);
      case 'learningPathEnrollment':
        return this.when(this.cost(kind) <= budget, () => record.enrollPath());
      case 'learningPathAction': {
        const e = state.activePaths.pick(this.rng);
        const cost = (e ? 0 : this.cost('learningPathEnrollment')) + this.cost(kind);
        return this.when(cost <= budget, () => record.advancePath(e ?? record.enrollPath()));
      }
    }
  }

  private when(fits: boolean, act: () => unknown): StepResult {
    if (!fits) return 'overBudget';
    act();
    return 'created';
  }

  private cost(...kinds: EventKind[]): number {
    return kinds.filter((kind) => this.requested.has(kind)).length;
  }

  private enrollCost(existing: unknown): number {
    return existing ? 0 : this.cost('courseEnrollment');
  }

  private courseAction(budget: number): StepResult {
    const existing = this.state.activeCourses.pick(this.rng);
    const current = existing?.progress ?? 0;
    let progress =
      current === 0 ? this.rng.int(1, 10) : Math.min(100, current + this.rng.int(10, 40));
    const base = this.enrollCost(existing) + this.cost('courseAction');
    // Stop short of completing when the completion event would not fit the budget.
    if (progress === 100 && base + this.cost('courseCompletion') > budget && current < 99)
      progress = this.rng.int(current + 1, 99);
    const cost = base + (progress === 100 ? this.cost('courseCompletion') : 0);
    if (cost > budget) return 'overBudget';
    const enrollment = existing ?? this.record.enroll(this.state.courses);
    if (progress === 100) this.record.complete(enrollment);
    else this.record.progress(enrollment, progress);
    return 'created';
  }

  private certificate(budget: number): StepResult {
    const { state, record } = this;
    const pending = state.pendingCompletions.pick(this.rng);
    if (pending)
      return this.when(this.cost('courseCertificate') <= budget, () => record.certify(pending));
    const e = state.activeCourses.pick(this.rng);
    const cost =
      this.enrollCost(e) + this.cost('courseAction', 'courseCompletion', 'courseCertificate');
    return this.when(cost <= budget, () =>
      record.certify(record.complete(e ?? record.enroll(state.courses))),
    );
  }

  private submission(kind: 'quizAttempt' | 'assignmentSubmission', budget: number): StepResult {
    const quiz = kind === 'quizAttempt';
    const has = (c: CourseRef) => (quiz ? c.quizTopicIds : c.assignmentTopicIds).length > 0;
    const existing = this.probe(this.state.activeCourses, (e) => has(e.course));
    if (this.enrollCost(existing) + this.cost(kind) > budget) return 'overBudget';
    const candidates = quiz ? this.state.quizCourses : this.state.assignmentCourses;
    const enrollment = existing ?? this.record.enroll(candidates);
    if (quiz) this.record.attemptQuiz(enrollment);
    else this.record.submitAssignment(enrollment);
    return 'created';
  }

  private probe<T>(pool: RandomPool<T>, accept: (item: T) => boolean): T | undefined {
    for (let i = 0; i < RANDOM_PROBES; i++) {
      const item = pool.pick(this.rng);
      if (item === undefined) return undefined;
      if (accept(item)) return item;
    }
    return undefined;
  }
}
