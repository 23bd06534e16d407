// One readable sentence per event, and the kind-specific facts the detail drawer lists, so support
// staff can answer "did X really complete Y?" without reading JSON.
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { learnerName, resourceOf } from './event-model.ts';

const ENROLLMENT_SOURCES = {
  self: 'self-enrolled',
  admin: 'enrolled by an admin',
  purchase: 'by purchase',
};

/**
 * What happened, without the learner's name (the list shows the learner in its own column). The topic's
 * title, when known (data/names.ts), names the quiz or assignment.
 */
export function describeAction(event: LearnerEvent, topicTitle?: string): string {
  const title = resourceOf(event).title;
  const topic = topicTitle === undefined ? '' : ` “${topicTitle}”`;
  switch (event.kind) {
    case 'courseAction':
      switch (event.data.action) {
        case 'started':
          return `started ${title}`;
        case 'topicViewed':
          return `viewed a topic in ${title} (${event.data.progressPercent}%)`;
        case 'progressed':
          return `progressed to ${event.data.progressPercent}% in ${title}`;
        case 'completed':
          return `completed ${title}`;
      }
      break;
    case 'courseEnrollment':
      return `enrolled in ${title} (${ENROLLMENT_SOURCES[event.data.source]})`;
    case 'courseCompletion':
      return `completed ${title}`;
    case 'courseCertificate':
      return `earned a certificate for ${title}`;
    case 'learningPathAction':
      return event.data.action === 'progressed'
        ? `progressed to ${event.data.progressPercent}% in the learning path ${title}`
        : `${event.data.action} the learning path ${title}`;
    case 'learningPathEnrollment':
      return `enrolled in the learning path ${title}`;
    case 'quizAttempt':
      return `${event.data.passed ? 'passed' : 'failed'} ${topic ? `the quiz${topic}` : 'a quiz'} in ${title}: ${formatScore(event.data.score)} (pass mark ${formatScore(event.data.passingScore)})`;
    case 'assignmentSubmission':
      return `submitted ${topic ? `the assignment${topic}` : 'an assignment'} in ${title} (${event.data.fileCount} ${event.data.fileCount === 1 ? 'file' : 'files'})`;
  }
  return title;
}

export const describeEvent = (event: LearnerEvent, topicTitle?: string): string =>
  `${learnerName(event)} ${describeAction(event, topicTitle)}`;

const formatScore = (score: number) => `${Math.round(score * 10) / 10}%`;

/** Label/value pairs of the event's kind-specific data, in reading order. */
export function eventFacts(event: LearnerEvent): [string, string][] {
  switch (event.kind) {
    case 'courseAction':
    case 'learningPathAction':
      return [
        ['Action', event.data.action],
        ['Progress', `${event.data.progressPercent}%`],
      ];
    case 'courseEnrollment':
      return [
        ['Enrollment id', event.data.enrollmentId],
        ['Source', ENROLLMENT_SOURCES[event.data.source]],
      ];
    case 'courseCompletion':
      return [
        ['Enrollment id', event.data.enrollmentId],
        ['Progress', `${event.data.progressPercent}%`],
      ];
    case 'courseCertificate':
      return [
        ['Certificate id', event.data.certificateId],
        ['Completion event', event.data.completionEventId],
      ];
    case 'learningPathEnrollment':
      return [['Enrollment id', event.data.enrollmentId]];
    case 'quizAttempt':
      return [
        ['Result', event.data.passed ? 'Passed' : 'Failed'],
        ['Score', formatScore(event.data.score)],
        ['Pass mark', formatScore(event.data.passingScore)],
        ['Attempt id', event.data.attemptId],
      ];
    case 'assignmentSubmission':
      return [
        ['Files', String(event.data.fileCount)],
        ['Submission id', event.data.submissionId],
      ];
  }
}
