// Static validation of `PUT /content/course/update` (spec 4.2, 7.2). Checks needing storage (ids
// exist, parents owned, tags exist) live with whoever holds the data; their messages are in MESSAGES.
import { LIMITS } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { UPDATE_ARRAYS } from '../schemas/course-update.ts';
import {
  catalogFieldIssues,
  isPlainObject,
  priceIssue,
  videoFieldIssues,
  type ValidationIssue,
} from './field-rules.ts';

export function countUpdateItems(attributes: Record<string, unknown>): number {
  return UPDATE_ARRAYS.reduce((sum, name) => {
    const list = attributes[name];
    return sum + (Array.isArray(list) ? list.length : 0);
  }, 0);
}

const itemsOf = (attributes: Record<string, unknown>, name: string) => {
  const list = attributes[name];
  return (Array.isArray(list) ? list : [])
    .map((item, index) => ({ item, index }))
    .filter((entry): entry is { item: Record<string, unknown>; index: number } =>
      isPlainObject(entry.item),
    );
};

const REQUIRED_PARENTS = [
  ['courses', 'courseGroupId', MESSAGES.courseGroupIdRequired],
  ['sections', 'courseId', MESSAGES.courseIdRequired],
  ['lessons', 'sectionId', MESSAGES.sectionIdRequired],
  ['topics', 'lessonId', MESSAGES.lessonIdRequired],
] as const;

/**
 * Rules that need no storage. `topicTypeOf` resolves a topic's effective type (the new `type` when
 * sent, else the stored one) so the video rules can be applied; return undefined when unknown.
 */
export function updateRuleIssues(
  attributes: Record<string, unknown>,
  topicTypeOf: (item: Record<string, unknown>) => string | undefined = (item) =>
    typeof item.type === 'string' ? item.type : undefined,
): ValidationIssue[] {
  if (countUpdateItems(attributes) > LIMITS.itemsPerUpdate)
    return [{ path: [], message: MESSAGES.tooManyUpdateItems }];
  const issues: ValidationIssue[] = [];
  for (const [array, parent, message] of REQUIRED_PARENTS) {
    for (const { item, index } of itemsOf(attributes, array)) {
      if (item.id === undefined && (item[parent] === undefined || item[parent] === null))
        issues.push({ path: [array, index, parent], message: message(index) });
    }
  }
  for (const { item, index } of itemsOf(attributes, 'topics')) {
    if (item.id === undefined && item.type === undefined)
      issues.push({ path: ['topics', index, 'type'], message: MESSAGES.typeRequired(index) });
  }
  for (const { item, index } of itemsOf(attributes, 'courseGroups')) {
    if (item.id === undefined && (typeof item.title !== 'string' || item.title.trim() === ''))
      issues.push({ path: ['courseGroups', index, 'title'], message: MESSAGES.emptyTitle });
    issues.push(...catalogFieldIssues(item, ['courseGroups', index]));
  }
  for (const { item, index } of itemsOf(attributes, 'courses')) {
    const price = priceIssue(item.priceInCents);
    if (price) issues.push({ path: ['courses', index, 'priceInCents'], message: price });
  }
  for (const [array, label] of [
    ['courses', 'course'],
    ['sections', 'section'],
    ['lessons', 'lesson'],
    ['topics', 'topic'],
  ] as const) {
    for (const { item, index } of itemsOf(attributes, array)) {
      const creating = item.id === undefined;
      if (
        (creating || item.title !== undefined) &&
        (typeof item.title !== 'string' || item.title.trim() === '')
      )
        issues.push({
          path: [array, index, 'title'],
          message: `${label} must have a non-empty title`,
        });
    }
  }
  for (const { item, index } of itemsOf(attributes, 'topics')) {
    const type = topicTypeOf(item);
    if (
      item.audioUrl !== undefined &&
      item.audioUrl !== null &&
      type !== undefined &&
      type !== 'audio'
    )
      issues.push({
        path: ['topics', index, 'audioUrl'],
        message: `audioUrl is only valid for audio topics, but topics[${index}] has type '${type}'.`,
      });
    if (type !== undefined) issues.push(...videoFieldIssues(item, type, ['topics', index]));
  }
  return issues;
}
