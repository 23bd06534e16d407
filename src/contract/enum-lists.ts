// Value lists of the Content API's enumerations that the console checks its URLs against, apart from
// enums.ts, which builds a zod schema of each list when imported: the route definitions every first
// page loads import these without zod. enums.ts re-exports them (and its schemas are built from them).

/** The platform's full course group kind enum (spec 2.6). */
export const COURSE_GROUP_KINDS = [
  'microCourse',
  'courseGroup',
  'article',
  'webinar',
  'video',
  'shareableContentObject',
  'xApiObject',
  'inPersonEvent',
  'webinarCourse',
  'inPersonEventCourse',
] as const;

export const CONTENT_SEARCH_TYPES = [
  'courseGroups',
  'courses',
  'bundles',
  'discountGroups',
  'pickableGroups',
  'products',
  'learningPaths',
] as const;

export const EVENT_KINDS = [
  'courseAction',
  'courseEnrollment',
  'courseCompletion',
  'courseCertificate',
  'learningPathAction',
  'learningPathEnrollment',
  'quizAttempt',
  'assignmentSubmission',
] as const;
