// Records learner activity: each method writes the domain rows of one thing a learner did and the
// event it produces, in causal order (an enrollment before progress, progress reaching 100 before
// the completion, a completion before its certificate), and keeps the batch's state current.
import { randomUUID } from 'node:crypto';
import type { EventKind } from '#contract/index.ts';
import type { Rng } from '../lib/prng.ts';
import { FIRST_NAMES, LAST_NAMES, NO_PASSWORD } from './learner-names.ts';
import {
  pairKey,
  type ActiveCourseEnrollment,
  type ActivePathEnrollment,
  type ActivityState,
  type CourseRef,
  type LearnerRef,
  type PathRef,
  type PendingCompletion,
} from './activity-state.ts';
import type { ActivityWriter } from './activity-writer.ts';
import type { EventsRepository } from './events-repository.ts';

export interface TimestampClock {
  /** Timestamp of the next event: never lower than the previous one. */
  next(): number;
}

type Resource = { course: CourseRef } | { path: PathRef };

const newEventId = () => `evt_${randomUUID()}`;
const ENROLLMENT_SOURCES = ['self', 'self', 'self', 'admin', 'purchase'] as const;
const PASSING_SCORES = [60, 70, 80] as const;
/** Random probes before scanning: a busy pool rarely needs the scan. */
export const RANDOM_PROBES = 12;

export class ActivityRecorder {
  readonly created: Partial<Record<EventKind, number>> = {};
  total = 0;
  /** Events of the requested kinds. */
  counted = 0;

  constructor(
    private readonly state: ActivityState,
    private readonly writer: ActivityWriter,
    private readonly events: EventsRepository,
    private readonly rng: Rng,
    private readonly clock: TimestampClock,
    private readonly companyId: string,
    private readonly requested: ReadonlySet<EventKind>,
  ) {}

  enroll(candidates: readonly CourseRef[]): ActiveCourseEnrollment {
    const { learner, resource: course } = this.freePair(candidates, this.state.activeCourses);
    const enrollment = { id: randomUUID(), learner, course, progress: 0 };
    const source = this.rng.pick(ENROLLMENT_SOURCES);
    const ts = this.emit('courseEnrollment', learner, { course }, null, {
      enrollmentId: enrollment.id,
      source,
    });
    const w = this.writer;
    w.run(
      'insertCourseEnrollment',
      enrollment.id,
      this.companyId,
      learner.id,
      course.id,
      source,
      ts,
      ts,
    );
    this.state.activeCourses.add(enrollment);
    return enrollment;
  }

  /** Progress below 100: the first step `started`, then topics viewed. */
  progress(e: ActiveCourseEnrollment, progress: number): void {
    const action =
      e.progress === 0 ? 'started' : e.course.topicIds.length ? 'topicViewed' : 'progressed';
    const topicId = action === 'topicViewed' ? this.rng.pick(e.course.topicIds) : null;
    const ts = this.emit('courseAction', e.learner, e, topicId, {
      action,
      progressPercent: progress,
    });
    this.writer.run('updateCourseEnrollment', progress, ts, null, e.id);
    this.writer.run('insertCourseProgress', e.id, topicId, action, progress, ts);
    e.progress = progress;
  }

  /** Progress reaches 100, then the completion follows (spec 6: "completed all required items"). */
  complete(e: ActiveCourseEnrollment): PendingCompletion {
    const ts = this.emit('courseAction', e.learner, e, null, {
      action: 'completed',
      progressPercent: 100,
    });
    this.writer.run('updateCourseEnrollment', 100, ts, ts, e.id);
    this.writer.run('insertCourseProgress', e.id, null, 'completed', 100, ts);
    const completion = {
      id: randomUUID(),
      eventId: newEventId(),
      learner: e.learner,
      course: e.course,
    };
    const data = { enrollmentId: e.id, progressPercent: 100 };
    const at = this.emit('courseCompletion', e.learner, e, null, data, completion.eventId);
    this.writer.run(
      'insertCompletion',
      completion.id,
      this.companyId,
      e.id,
      completion.eventId,
      at,
    );
    this.state.activeCourses.remove(e);
    this.state.pendingCompletions.add(completion);
    return completion;
  }

  certify(completion: PendingCompletion): void {
    const certificateId = randomUUID();
    const ts = this.emit('courseCertificate', completion.learner, completion, null, {
      certificateId,
      completionEventId: completion.eventId,
    });
    this.writer.run('insertCertificate', certificateId, this.companyId, completion.id, ts);
    this.writer.run('certifyCompletion', certificateId, completion.id);
    this.state.pendingCompletions.remove(completion);
  }

  /** A quiz attempt on one of the course's quiz or test topics. */
  attemptQuiz(e: ActiveCourseEnrollment): void {
    const topicId = this.rng.pick(e.course.quizTopicIds);
    const id = randomUUID();
    const passingScore = this.rng.pick(PASSING_SCORES);
    const score = this.rng.int(35, 100);
    const passed = score >= passingScore;
    const data = { attemptId: id, score, passingScore, passed };
    const ts = this.emit('quizAttempt', e.learner, e, topicId, data);
    this.writer.run(
      'insertQuizAttempt',
      id,
      this.companyId,
      e.id,
      topicId,
      score,
      passingScore,
      passed ? 1 : 0,
      ts,
    );
  }

  /** A submission to one of the course's assignment topics. */
  submitAssignment(e: ActiveCourseEnrollment): void {
    const topicId = this.rng.pick(e.course.assignmentTopicIds);
    const id = randomUUID();
    const fileCount = this.rng.int(1, 3);
    const ts = this.emit('assignmentSubmission', e.learner, e, topicId, {
      submissionId: id,
      fileCount,
    });
    this.writer.run('insertAssignmentSubmission', id, this.companyId, e.id, topicId, fileCount, ts);
  }

  enrollPath(): ActivePathEnrollment {
    const { learner, resource: path } = this.freePair(this.state.paths, this.state.activePaths);
    const enrollment = { id: randomUUID(), learner, path, progress: 0 };
    const ts = this.emit('learningPathEnrollment', learner, { path }, null, {
      enrollmentId: enrollment.id,
    });
    this.writer.run(
      'insertPathEnrollment',
      enrollment.id,
      this.companyId,
      learner.id,
      path.id,
      ts,
      ts,
    );
    this.state.activePaths.add(enrollment);
    return enrollment;
  }

  advancePath(e: ActivePathEnrollment): void {
    const current = e.progress;
    const progress =
      current === 0 ? this.rng.int(1, 10) : Math.min(100, current + this.rng.int(10, 35));
    const action = current === 0 ? 'started' : progress === 100 ? 'completed' : 'progressed';
    const ts = this.emit('learningPathAction', e.learner, e, null, {
      action,
      progressPercent: progress,
    });
    const completedAt = progress === 100 ? ts : null;
    this.writer.run('updatePathEnrollment', progress, ts, completedAt, e.id);
    this.writer.run('insertPathActivity', e.id, action, progress, ts);
    e.progress = progress;
    if (completedAt !== null) this.state.activePaths.remove(e);
  }

  /** A learner not yet active in the resource; signs a new learner up when everyone is. */
  private freePair<R extends { id: string }>(
    resources: readonly R[],
    active: { has(key: string): boolean },
  ): { learner: LearnerRef; resource: R } {
    const { learners } = this.state;
    for (let i = 0; i < RANDOM_PROBES; i++) {
      const learner = this.rng.pick(learners);
      const resource = this.rng.pick(resources);
      if (!active.has(pairKey(learner.id, resource.id))) return { learner, resource };
    }
    const l0 = this.rng.int(0, learners.length - 1);
    const r0 = this.rng.int(0, resources.length - 1);
    for (let i = 0; i < learners.length; i++)
      for (let j = 0; j < resources.length; j++) {
        const learner = learners[(l0 + i) % learners.length]!;
        const resource = resources[(r0 + j) % resources.length]!;
        if (!active.has(pairKey(learner.id, resource.id))) return { learner, resource };
      }
    return { learner: this.signUp(), resource: this.rng.pick(resources) };
  }

  /** A simulated sign-up: an account nobody can sign in to (NO_PASSWORD). */
  private signUp(): LearnerRef {
    const firstName = this.rng.pick(FIRST_NAMES);
    const lastName = this.rng.pick(LAST_NAMES);
    const id = randomUUID();
    const email = `${firstName}.${lastName}.${id.slice(0, 8)}@example.test`.toLowerCase();
    const createdAt = new Date(this.clock.next()).toISOString();
    this.writer.run(
      'insertUser',
      id,
      this.companyId,
      email,
      firstName,
      lastName,
      NO_PASSWORD,
      createdAt,
    );
    const learner = { id, email, firstName, lastName };
    this.state.learners.push(learner);
    return learner;
  }

  /** Writes one event; returns its timestamp for the domain rows written with it. */
  private emit(
    kind: EventKind,
    learner: LearnerRef,
    resource: Resource,
    topicId: string | null,
    data: Record<string, unknown>,
    id = newEventId(),
  ): number {
    const timestamp = this.clock.next();
    const course = 'course' in resource ? resource.course : null;
    const path = 'path' in resource ? resource.path : null;
    this.events.add({
      id,
      companyId: this.companyId,
      kind,
      timestamp,
      learner,
      courseId: course?.id ?? null,
      learningPathId: path?.id ?? null,
      resourceTitle: (course ?? path)!.title,
      topicId,
      data,
    });
    this.created[kind] = (this.created[kind] ?? 0) + 1;
    this.total++;
    if (this.requested.has(kind)) this.counted++;
    return timestamp;
  }
}
