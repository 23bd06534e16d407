// Each course's request item for the criterion, or why the course is left out, checked with the
// contract's schemas before anything is sent. Apart from the model: the page needs it only once courses
// are picked, and the schemas and the API's messages are not needed before its heading (issue 27).
import { formatZodIssues } from '#contract/format-issues.ts';
import { READ_MESSAGES } from '#contract/messages.ts';
import { CompletionCriterionCreate, CompletionCriterionUpdate } from '#contract/schemas/release.ts';
import { completionCriteriaIssues } from '#contract/schemas/course-create.ts';
import type { z } from '#contract/zod.ts';
import { isValueType, topicField, type CriterionDraft } from './criterion-model.ts';

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
