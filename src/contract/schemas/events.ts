// The event feed (spec 6). Event objects are not shown by the spec; this is Lectern's design and the
// generated OpenAPI document is its reference.
import { z } from 'zod';
import { EventKind } from '../enums.ts';
import { FEED_MESSAGES } from '../messages.ts';
import { Uuid } from '../primitives.ts';
import { EventPageInfo } from './pagination.ts';

export const EventLearner = z
  .object({ id: Uuid, email: z.email(), firstName: z.string(), lastName: z.string() })
  .meta({ id: 'EventLearner' });

const ref = z.object({ id: Uuid, title: z.string() });

const base = {
  id: z.string().meta({ description: 'Stable event id; the same event always has the same id.' }),
  timestamp: z.int().meta({ description: 'Epoch milliseconds.' }),
  learner: EventLearner,
};
const courseBase = { ...base, course: ref, learningPath: z.null(), topicId: Uuid.nullable() };
const pathBase = { ...base, course: z.null(), learningPath: ref, topicId: z.null() };

export const CourseActionEvent = z
  .object({
    ...courseBase,
    kind: z.literal('courseAction'),
    data: z.object({
      action: z.enum(['started', 'topicViewed', 'progressed', 'completed']),
      progressPercent: z.int().min(0).max(100),
    }),
  })
  .meta({ id: 'CourseActionEvent' });

export const CourseEnrollmentEvent = z
  .object({
    ...courseBase,
    kind: z.literal('courseEnrollment'),
    data: z.object({ enrollmentId: Uuid, source: z.enum(['self', 'admin', 'purchase']) }),
  })
  .meta({ id: 'CourseEnrollmentEvent' });

export const CourseCompletionEvent = z
  .object({
    ...courseBase,
    kind: z.literal('courseCompletion'),
    data: z.object({ enrollmentId: Uuid, progressPercent: z.literal(100) }),
  })
  .meta({ id: 'CourseCompletionEvent' });

export const CourseCertificateEvent = z
  .object({
    ...courseBase,
    kind: z.literal('courseCertificate'),
    data: z.object({ certificateId: Uuid, completionEventId: z.string() }),
  })
  .meta({ id: 'CourseCertificateEvent' });

export const LearningPathActionEvent = z
  .object({
    ...pathBase,
    kind: z.literal('learningPathAction'),
    data: z.object({
      action: z.enum(['started', 'progressed', 'completed']),
      progressPercent: z.int().min(0).max(100),
    }),
  })
  .meta({ id: 'LearningPathActionEvent' });

export const LearningPathEnrollmentEvent = z
  .object({
    ...pathBase,
    kind: z.literal('learningPathEnrollment'),
    data: z.object({ enrollmentId: Uuid }),
  })
  .meta({ id: 'LearningPathEnrollmentEvent' });

export const QuizAttemptEvent = z
  .object({
    ...courseBase,
    topicId: Uuid,
    kind: z.literal('quizAttempt'),
    data: z.object({
      attemptId: Uuid,
      score: z.number().min(0).max(100),
      passingScore: z.number().min(0).max(100),
      passed: z.boolean(),
    }),
  })
  .meta({ id: 'QuizAttemptEvent' });

export const AssignmentSubmissionEvent = z
  .object({
    ...courseBase,
    topicId: Uuid,
    kind: z.literal('assignmentSubmission'),
    data: z.object({ submissionId: Uuid, fileCount: z.int().min(0) }),
  })
  .meta({ id: 'AssignmentSubmissionEvent' });

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
  .meta({ id: 'LearnerEvent' });
export type LearnerEvent = z.infer<typeof LearnerEvent>;

export const EventPage = z
  .object({ pageInfo: EventPageInfo, events: z.array(LearnerEvent) })
  .meta({ id: 'EventPage' });
export type EventPage = z.infer<typeof EventPage>;

export const EventFeedQuery = z.object({
  startDate: z
    .string()
    .regex(/^\d{1,15}$/, FEED_MESSAGES.invalidStartDate)
    .transform(Number)
    .optional(),
  cursor: z.string().min(1).optional(),
});

export { EventKind };
