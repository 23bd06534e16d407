// One completion criterion set on many courses (spec 2.5), pure: which companion field a type needs
// (a value, a topic, or both), which topics fit a type, and each course's request item (or why the
// course is left out). Items are checked with the contract's schemas before anything is sent.
import {
  TOPIC_COMPLETION_CRITERIA,
  VALUE_COMPLETION_CRITERIA,
  type CompletionCriteriaType,
  type TopicType,
} from '#contract/enums.ts';
import { formatZodIssues } from '#contract/format-issues.ts';
import { READ_MESSAGES } from '#contract/messages.ts';
import { CompletionCriterionCreate, CompletionCriterionUpdate } from '#contract/schemas/release.ts';
import { completionCriteriaIssues } from '#contract/schemas/course-create.ts';
import type { z } from '#contract/zod.ts';
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

type Create = z.input<typeof CompletionCriterionCreate>;
type Update = z.input<typeof CompletionCriterionUpdate>;

export type CourseItem =
  | { ok: true; create: Create; update?: undefined }
  | { ok: true; update: Update; create?: undefined }
  | { ok: false; reason: string };

/**
 * The request item of one course: a new criterion (`criterionId` undefined) or a change of the
 * course's criterion `criterionId`. `topicId` is the topic chosen for this course, if any.
 */
export function courseItem(
  draft: CriterionDraft,
  courseId: string,
  topicId: string | undefined,
  mode: 'create' | 'update',
  criterionId: string | undefined,
): CourseItem {
  const field = topicField(draft.type);
  if (field && !topicId)
    return {
      ok: false,
      reason: `No topic chosen: ${READ_MESSAGES.criterionTopicRequired(draft.type)}.`,
    };
  if (mode === 'update' && !criterionId)
    return { ok: false, reason: 'This course has no criterion to change; add one instead.' };
  const fields: Record<string, unknown> = { type: draft.type };
  if (isValueType(draft.type)) fields[draft.type] = Number(draft.value.trim());
  if (field && topicId) fields[field] = topicId;
  const issues = completionCriteriaIssues(fields as { type: string });
  if (issues.length > 0) return { ok: false, reason: issues.join(' ') };
  if (mode === 'create') {
    const parsed = CompletionCriterionCreate.safeParse({ ...fields, courseId });
    return parsed.success
      ? { ok: true, create: parsed.data }
      : { ok: false, reason: formatZodIssues(parsed.error).join('; ') };
  }
  const parsed = CompletionCriterionUpdate.safeParse({ ...fields, id: criterionId });
  return parsed.success
    ? { ok: true, update: parsed.data }
    : { ok: false, reason: formatZodIssues(parsed.error).join('; ') };
}
