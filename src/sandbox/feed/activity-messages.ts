// Why the simulator could not produce a kind (reported by POST /sandbox/activity).
export const ACTIVITY_MESSAGES = {
  noLearners: 'the company has no learners',
  noPublishedCourses: 'no course is published',
  noQuizTopics: 'no published course has a quiz or test topic',
  noAssignmentTopics: 'no published course has an assignment topic',
  noPublishedLearningPaths: 'no learning path is published',
  nothingCreated: 'No activity was created: see unavailable for the reason of each kind.',
} as const;
