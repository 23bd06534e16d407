// Completion criteria in words (spec 2.5).
import type { CompletionCriteriaType } from '#contract/enums.ts';

/** What a completion criterion asks of a learner (spec 2.5). */
export const COMPLETION_CRITERIA_LABELS: Record<CompletionCriteriaType, string> = {
  coursePercentViewed: 'Share of pages viewed',
  articlePercentViewed: 'Share of the page viewed',
  videoPercentViewed: 'Share of the video viewed',
  articleTimeViewedInSeconds: 'Time on the page',
  courseTopicViewed: 'Topic viewed',
  courseAssessmentPassed: 'Assessment passed',
  courseAssignmentComplete: 'Assignment complete',
  courseMeetingAttended: 'Meeting attended',
  scormComplete: 'SCORM package complete',
  xApiComplete: 'xAPI activity complete',
  surveyVendorComplete: 'Survey complete',
  vendorAssignmentCompleted: 'Vendor assignment completed',
  proctoredTopicComplete: 'Proctored topic complete',
  videoTopicId: 'Video topic watched',
};

/** The companion field a completion criterion's value goes in, in words (spec 2.5). */
export const CRITERION_VALUE_LABELS = {
  coursePercentViewed: 'Pages viewed (%)',
  articlePercentViewed: 'Page viewed (%)',
  videoPercentViewed: 'Video watched (%)',
  articleTimeViewedInSeconds: 'Time on the page (seconds)',
} as const satisfies Partial<Record<CompletionCriteriaType, string>>;
