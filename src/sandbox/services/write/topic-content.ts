// What a topic stores, the criteria it declares and the files it asks for: shared by create and
// update. Only the fields the topic's type carries (contract/topic-fields.ts) are kept.
import { randomUUID } from 'node:crypto';
import {
  ALTERNATE_ASSET_TYPE,
  UPLOAD_FIELDS,
  isFieldAllowedForType,
  type CompletionCriteria,
  type ContentUploadType,
  type TopicType,
} from '#contract/index.ts';
import type { CompletionCriterionColumns } from '../../storage/completion-criteria-repository.ts';
import type { StoredTopicFields } from '../../storage/records.ts';
import type { PlannedUpload } from '../jobs/job-service.ts';

type Fields = Record<string, unknown>;

/** Keys of a topic payload that are not content fields. */
const NOT_CONTENT = new Set(['id', 'lessonId', 'title', 'type', 'restartProgress']);

/**
 * Applies `input` onto `current` for a topic of `type`: `null` clears, `undefined` leaves alone,
 * fields the type does not carry are ignored. With `current = {}` this builds a new topic's fields.
 */
export function applyTopicFields(current: Fields, type: TopicType, input: Fields): Fields {
  const next: Fields = {};
  // A type change resets what the new type does not carry (spec 3).
  for (const [key, value] of Object.entries(current))
    if (isFieldAllowedForType(type, key)) next[key] = value;
  for (const [key, value] of Object.entries(input)) {
    if (NOT_CONTENT.has(key) || value === undefined || !isFieldAllowedForType(type, key)) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  // Alternate-provider videos cannot report a viewed share: such criteria are dropped (spec 2.5).
  const criteria = next.courseCompletionCriteria as CompletionCriteria | undefined;
  if (isAlternateVideo(type, next) && criteria?.type === 'videoPercentViewed')
    delete next.courseCompletionCriteria;
  return next;
}

export const isAlternateVideo = (type: string, fields: Fields): boolean =>
  type === 'video' && fields.assetType === ALTERNATE_ASSET_TYPE;

/** The completion criterion row a topic's `courseCompletionCriteria` declares. */
export function criterionRow(
  companyId: string,
  courseId: string,
  carrierTopicId: string,
  criteria: CompletionCriteria,
): CompletionCriterionColumns {
  const { type, topicId, ...companions } = criteria;
  // Event-style criteria and videoPercentViewed default to the declaring topic (spec 2.5).
  const fields: Fields = { ...companions, carrierTopicId };
  if (type === 'videoPercentViewed') fields.videoTopicId = criteria.videoTopicId ?? carrierTopicId;
  return {
    id: randomUUID(),
    company_id: companyId,
    course_id: courseId,
    topic_id: topicId ?? criteria.videoTopicId ?? carrierTopicId,
    type,
    fields: JSON.stringify(fields),
  };
}

/**
 * Files a topic asks the sandbox to fetch: each file field in `supplied` (the request's values)
 * that the topic's type turns into an upload (spec 2.4: SCORM, xAPI, PDF, video, audio).
 */
export function topicUploads(
  type: TopicType,
  supplied: Fields,
  ids: { topicId: string; courseId: string },
): PlannedUpload[] {
  const uploads: PlannedUpload[] = [];
  for (const [field, byType] of Object.entries(UPLOAD_FIELDS)) {
    const url = supplied[field];
    const contentType = (byType as Partial<Record<TopicType, ContentUploadType>>)[type];
    if (typeof url === 'string' && contentType)
      uploads.push({ field, contentType, url, ...ids, courseGroupId: null });
  }
  return uploads;
}

export const storedFields = (fields: Fields): string => JSON.stringify(fields as StoredTopicFields);
