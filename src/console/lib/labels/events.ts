// Learner event kinds in words (the event monitor, alerts, a learner's timeline).
import type { EventKind } from '#contract/enums.ts';

export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  courseAction: 'Course activity',
  courseEnrollment: 'Course enrollment',
  courseCompletion: 'Course completion',
  courseCertificate: 'Certificate',
  learningPathAction: 'Learning path activity',
  learningPathEnrollment: 'Learning path enrollment',
  quizAttempt: 'Quiz attempt',
  assignmentSubmission: 'Assignment submission',
};
