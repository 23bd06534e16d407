// The event feed (spec 6). Event objects are not shown by the spec; this is Lectern's design and the
// generated OpenAPI document is its reference.
import { z } from '../zod.ts';
import { EventKind } from '../enums.ts';
import { FEED_MESSAGES } from '../feed-messages.ts';
import { Uuid } from '../primitives.ts';
import { EventPageInfo } from './pagination.ts';

export const EventLearner = z
  .object({ id: Uuid, email: z.email(), firstName: z.string(), lastName: z.string() })
  .register(z.globalRegistry, { id: 'EventLearner' });

const ref = z.object({ id: Uuid, title: z.string() });

const base = {
  id: z.string().register(z.globalRegistry, {
    description: 'Stable event id; the same event always has the same id.',
  }),
  timestamp: z.int().register(z.globalRegistry, { description: 'Epoch milliseconds.' }),
  learner: EventLearner,
};
const courseBase = { ...base, course: ref, learningPath: z.null(), topicId: z.nullable(Uuid) };
const pathBase = { ...base, course: z.null(), learningPath: ref, topicId: z.null() };

export const CourseActionEvent = z
  .object({
    ...courseBase,
    kind: z.literal('courseAction'),
    data: z.object({
      action: z.enum(['started', 'topicViewed', 'progressed', 'completed']),
      progressPercent: z.int().check(z.gte(0), z.lte(100)),
    }),
  })
  .register(z.globalRegistry, { id: 'CourseActionEvent' });

export const CourseEnrollmentEvent = z
  .object({
    ...courseBase,
    kind: z.literal('courseEnrollment'),
    data: z.object({ enrollmentId: Uuid, source: z.enum(['self', 'admin', 'purchase']) }),
  })
  .register(z.globalRegistry, { id: 'CourseEnrollmentEvent' });

export const CourseCompletionEvent = z
  .object({
    ...courseBase,
    kind: z.literal('courseCompletion'),
    data: z.object({ enrollmentId: Uuid, progressPercent: z.literal(100) }),
  })
  .register(z.globalRegistry, { id: 'CourseCompletionEvent' });

export const CourseCertificateEvent = z
  .object({
    ...courseBase,
    kind: z.literal('courseCertificate'),
    data: z.object({ certificateId: Uuid, completionEventId: z.string() }),
  })
  .register(z.globalRegistry, { id: 'CourseCertificateEvent' });

export const LearningPathActionEvent = z
  .object({
    ...pathBase,
    kind: z.literal('learningPathAction'),
    data: z.object({
      action: z.enum(['started', 'progressed', 'completed']),
      progressPercent: z.int().check(z.gte(0), z.lte(100)),
    }),
  })
  .register(z.globalRegistry, { id: 'LearningPathActionEvent' });

export const LearningPathEnrollmentEvent = z
  .object({
    ...pathBase,
    kind: z.literal('learningPathEnrollment'),
    data: z.object({ enrollmentId: Uuid }),
  })
  .register(z.globalRegistry, { id: 'LearningPathEnrollmentEvent' });

export const QuizAttemptEvent = z
  .object({
    ...courseBase,
    topicId: Uuid,
    kind: z.literal('quizAttempt'),
    data: z.object({
      attemptId: Uuid,
      score: z.number().check(z.gte(0), z.lte(100)),
      passingScore: z.number().check(z.gte(0), z.lte(100)),
      passed: z.boolean(),
    }),
  })
  .register(z.globalRegistry, { id: 'QuizAttemptEvent' });

export const AssignmentSubmissionEvent = z
  .object({
    ...courseBase,
    topicId: Uuid,
    kind: z.literal('assignmentSubmission'),
    data: z.object({ submissionId: Uuid, fileCount: z.int().check(z.gte(0)) }),
  })
  .register(z.globalRegistry, { id: 'AssignmentSubmissionEvent' });

export const LearnerEvent = z
  .discriminatedUnion('kind', [
    CourseActionEvent,
    CourseEnrollmentEvent,
    CourseCompletionEvent,
    CourseCertificateEvent,
    LearningPathActionEvent,
    LearningPathEnrollmentEvent,
    QuizAttemptEvent,
    AssignmentSubmissionEvent,
  ])
  .register(z.globalRegistry, { id: 'LearnerEvent' });
export type LearnerEvent = z.infer<typeof LearnerEvent>;

export const EventPage = z
  .object({ pageInfo: EventPageInfo, events: z.array(LearnerEvent) })
  .register(z.globalRegistry, { id: 'EventPage' });
export type EventPage = z.infer<typeof EventPage>;

export const EventFeedQuery = z.object({
  startDate: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,15}$/, FEED_MESSAGES.invalidStartDate)),
      z.transform(Number),
    ),
  ),
  cursor: z.optional(z.string().check(z.minLength(1))),
});

export { EventKind };
