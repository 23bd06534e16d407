// A 400 answer, as issues at the draft nodes its messages concern. The API names items by array
// index (`topics[3]`, `Course at index 2: `) or by id (`Invalid lessonId: <id>`); anything else is
// shown at the step's first node.
import { isPlainObject, type UpdateArray } from '#contract/index.ts';
import type { Issue } from '../issues.ts';
import { resolveRef } from '../plan/refs.ts';
import type { Bindings, PlanStep, UpdateStep } from '../plan/types.ts';

const ARRAY_INDEX = /\b(courseGroups|courses|sections|lessons|topics)\[(\d+)\](?:\.(\w+))?/;
const COURSE_INDEX = /\b[Cc]ourse (?:at )?index (\d+)/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Course fields the API's messages name in words rather than by path (spec 7.2). */
const FIELD_OF_MESSAGE: [RegExp, string][] = [
  [/^SKU '.*' is already in use/, 'sku'],
  [/^Slug '.*' is already in use/, 'slug'],
  [/^Ribbon '.*' does not exist/, 'ribbon'],
  [/^Content type '.*' does not exist/, 'contentType'],
  [/^(Some tag IDs|Some tags|Cannot assign more than)/, 'tagIds'],
  [/^Description exceeds/, 'description'],
  [/^metaTitle exceeds/, 'metaTitle'],
  [/^metaDescription exceeds/, 'metaDescription'],
  [/^priceInCents/, 'priceInCents'],
  [/^authors cannot/, 'authors'],
  [/^customFields/, 'customFields'],
  [/^Cannot set futurePublishDate/, 'futurePublishDate'],
  [/^Some prerequisite courses/, 'prerequisiteCourseIds'],
  [/^Some prerequisite learning paths/, 'prerequisiteLearningPathIds'],
  [/^Some related course groups/, 'relatedCourseGroupIds'],
];

/** The field a course-level message names, after any `Course at index N: ` prefix. */
function courseFieldOf(message: string): { field?: string } {
  const text = message.replace(/^Course at index \d+: /, '');
  const field = FIELD_OF_MESSAGE.find(([pattern]) => pattern.test(text))?.[1];
  return field ? { field } : {};
}

export function messagesOf(status: number, body: unknown): string[] {
  if (typeof body === 'string' && body.trim() !== '') return [body];
  if (isPlainObject(body) && Array.isArray(body.errors)) return body.errors.map(String);
  return [`The API answered ${status}`];
}

export function serverIssues(
  step: PlanStep,
  status: number,
  body: unknown,
  bindings: Bindings,
): Issue[] {
  return messagesOf(status, body).map((message) => ({
    ...locate(step, message, bindings),
    message,
    severity: 'error',
    code: 'server',
  }));
}

function locate(
  step: PlanStep,
  message: string,
  bindings: Bindings,
): { nodeId: string; field?: string } {
  if (step.kind === 'create') {
    const index = COURSE_INDEX.exec(message);
    return {
      nodeId: step.drafts[index ? Number(index[1]) : 0] ?? step.drafts[0] ?? '',
      ...courseFieldOf(message),
    };
  }
  if (step.kind === 'reread') return { nodeId: step.bind[0]?.key ?? '' };
  return locateInUpdate(step, message, bindings);
}

function locateInUpdate(step: UpdateStep, message: string, bindings: Bindings) {
  const courseField = courseFieldOf(message);
  const courseItem = courseField.field
    ? step.items.find((item) => item.array === 'courseGroups' || item.array === 'courses')
    : undefined;
  const fallback = { nodeId: (courseItem ?? step.items[0])?.nodeId ?? '', ...courseField };
  const indexed = ARRAY_INDEX.exec(message);
  if (indexed) {
    const items = step.items.filter((item) => item.array === (indexed[1] as UpdateArray));
    const item = items[Number(indexed[2])];
    if (item) return { nodeId: item.nodeId, ...(indexed[3] && { field: indexed[3] }) };
  }
  for (const id of message.match(UUID) ?? []) {
    for (const item of step.items) {
      if (item.target && resolveRef(item.target, bindings) === id) return { nodeId: item.nodeId };
      if (item.parent && resolveRef(item.parent.ref, bindings) === id)
        return { nodeId: item.nodeId, field: item.parent.field };
    }
  }
  return fallback;
}
