// One completion criterion set on many courses (spec 2.5), pure: which companion field a type needs
// (a value, a topic, or both), which topics fit a type, and each course's request item (or why the
// course is left out, in criterion-items.ts).
import {
  TOPIC_COMPLETION_CRITERIA,
  VALUE_COMPLETION_CRITERIA,
  type CompletionCriteriaType,
  type TopicType,
} from '#contract/enums.ts';
import { COMPLETION_CRITERIA_LABELS } from '../../lib/labels/criteria.ts';

export type ValueType = (typeof VALUE_COMPLETION_CRITERIA)[number];

export const isValueType = (type: CompletionCriteriaType): type is ValueType =>
  (VALUE_COMPLETION_CRITERIA as readonly string[]).includes(type);

/** Event-style criteria name a topic (`topicId`); videoPercentViewed names its video (`videoTopicId`). */
export const topicField = (type: CompletionCriteriaType): 'topicId' | 'videoTopicId' | null =>
  (TOPIC_COMPLETION_CRITERIA as readonly string[]).includes(type)
    ? 'topicId'
    : type === 'videoPercentViewed'
      ? 'videoTopicId'
      : null;

/**
 * Topic types that fit a criterion. The spec names the criteria, not the topics they go with: this is
 * the console's suggestion (fitting topics are offered first; any topic of the course may be chosen).
 */
const FITTING: Partial<Record<CompletionCriteriaType, readonly TopicType[]>> = {
  videoPercentViewed: ['video'],
  courseAssessmentPassed: ['quiz', 'test', 'highlightZoneQuiz'],
  courseAssignmentComplete: ['assignment'],
  courseMeetingAttended: ['meetingInfo', 'inPersonEvent'],
  scormComplete: ['shareableContentObject'],
  xApiComplete: ['xApiObject'],
  surveyVendorComplete: ['surveyVendor', 'survey'],
  vendorAssignmentCompleted: ['vendorAssignment'],
  proctoredTopicComplete: ['test', 'quiz'],
  videoTopicId: ['video'],
};

export const fitsTopic = (type: CompletionCriteriaType, topicType: TopicType): boolean =>
  FITTING[type]?.includes(topicType) ?? true;

export interface CourseTopic {
  id: string;
  title: string;
  type: TopicType;
}

/** The topic offered first: the first that fits the type. */
export function defaultTopic(
  type: CompletionCriteriaType,
  topics: readonly CourseTopic[],
): string | undefined {
  return topics.find((topic) => fitsTopic(type, topic.type))?.id;
}

export interface CriterionDraft {
  type: CompletionCriteriaType;
  /** The value of a value criterion, as typed. */
  value: string;
}

/** What the criterion means for each course, in one sentence (never its wire value). */
export function criterionSentence(draft: CriterionDraft): string {
  const amount = valueProblem(draft) === null ? draft.value.trim() : '…';
  switch (draft.type) {
    case 'coursePercentViewed':
      return `Each course is complete when a learner has viewed ${amount}% of its pages.`;
    case 'articlePercentViewed':
      return `Each course is complete when a learner has viewed ${amount}% of the page.`;
    case 'videoPercentViewed':
      return `Each course is complete when a learner has watched ${amount}% of the video chosen for it.`;
    case 'articleTimeViewedInSeconds':
      return `Each course is complete when a learner has spent ${amount} seconds on the page.`;
    default:
      return `Each course is complete on “${COMPLETION_CRITERIA_LABELS[draft.type]}”, for the topic chosen for it.`;
  }
}

/** The problem with the value typed for all courses, or null. */
export function valueProblem(draft: CriterionDraft): string | null {
  if (!isValueType(draft.type)) return null;
  const text = draft.value.trim();
  if (text === '') return 'Enter a value.';
  if (!/^\d+$/.test(text)) return 'Enter a whole number.';
  const value = Number(text);
  if (draft.type === 'articleTimeViewedInSeconds')
    return value >= 1 ? null : 'Enter at least 1 second.';
  return value >= 1 && value <= 100 ? null : 'Enter a share from 1 to 100 (%).';
}
