// Who may call which Content API route. The upstream sees one key for everyone, so this is the only place
// roles are told apart; the SPA merely mirrors these rules.
//   support        GET only (plus the event relay, outside the proxy)
//   contentManager GET, create, update and translation upload; never publish, unpublish, archive, restore
//   admin          everything
import { valueText, type Endpoint } from '#contract/index.ts';
import type { ConsoleRole } from '#contract/console/access.ts';

export type ProxyDecision =
  | { kind: 'forward' }
  /** Forward only after the JSON body passed `inspectContentManagerBody`. */
  | { kind: 'inspect' }
  | { kind: 'refuse'; reason: string };

const CONTENT_MANAGER_WRITES = new Set(['createCourses', 'updateCourses', 'uploadTranslation']);
/**
 * The statuses a content manager may create with (or leave status out). An allow-list: every other value,
 * known (`published`, `pending`, `loginRestriction`...) or not, is refused here.
 */
const CONTENT_MANAGER_CREATE_STATUSES: ReadonlySet<unknown> = new Set(['draft']);
const INSPECTED_FOR_CONTENT_MANAGER = new Set(['createCourses', 'updateCourses']);

export const REFUSALS = {
  supportReadOnly: 'Refused: the support role may only read content and use the event relay.',
  releaseContent:
    'Refused: content managers may not publish or unpublish content (releaseContent needs the admin role).',
  adminOnly: (operationId: string) =>
    `Refused: content managers may create and update content and upload translations only; ${operationId} needs the admin role.`,
  createPublished: (index: number) =>
    `Refused: content managers may not publish. courseAttributes[${index}] has status 'published'; create it as a draft and ask an admin to publish it.`,
  createStatus: (index: number, status: string) =>
    `Refused: content managers may only create drafts. courseAttributes[${index}] has status '${status}'; leave status out or set it to 'draft', and ask an admin to change it.`,
  createScheduled: (index: number) =>
    `Refused: content managers may not schedule publishing. courseAttributes[${index}] sets futurePublishDate.`,
  updateArchived: (index: number) =>
    `Refused: content managers may not archive or restore. courseAttributes.courseGroups[${index}] sets archived.`,
  updateStatus: (index: number) =>
    `Refused: content managers may not change a course's status (publish, unpublish, archive). courseAttributes.courses[${index}] sets status.`,
  invalidJson: 'Refused: the request body is not valid JSON.',
} as const;

export function decide(role: ConsoleRole, endpoint: Endpoint): ProxyDecision {
  if (endpoint.method === 'GET' || role === 'admin') return { kind: 'forward' };
  if (role === 'support') return { kind: 'refuse', reason: REFUSALS.supportReadOnly };
  if (endpoint.operationId === 'releaseContent')
    return { kind: 'refuse', reason: REFUSALS.releaseContent };
  if (!CONTENT_MANAGER_WRITES.has(endpoint.operationId))
    return { kind: 'refuse', reason: REFUSALS.adminOnly(endpoint.operationId) };
  return INSPECTED_FOR_CONTENT_MANAGER.has(endpoint.operationId)
    ? { kind: 'inspect' }
    : { kind: 'forward' };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const has = (item: Record<string, unknown>, key: string) =>
  Object.prototype.hasOwnProperty.call(item, key) && item[key] !== undefined;

/** Entries of a list the upstream will read, whether sent as an array or (leniently) as an object. */
const entriesOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];

/** The reason a content manager's create/update body is refused, or null when it may go through. */
export function inspectContentManagerBody(operationId: string, body: unknown): string | null {
  if (!isObject(body)) return null; // The upstream rejects it; nothing can be published by it.
  if (operationId === 'createCourses') {
    const courses = entriesOf(body.courseAttributes);
    for (const [index, course] of courses.entries()) {
      if (!isObject(course)) continue;
      if (has(course, 'status') && !CONTENT_MANAGER_CREATE_STATUSES.has(course.status))
        return course.status === 'published'
          ? REFUSALS.createPublished(index)
          : REFUSALS.createStatus(index, valueText(course.status));
      if (has(course, 'futurePublishDate') && course.futurePublishDate !== null)
        return REFUSALS.createScheduled(index);
    }
  }
  if (operationId === 'updateCourses' && isObject(body.courseAttributes)) {
    const { courseGroups, courses } = body.courseAttributes;
    for (const [index, group] of entriesOf(courseGroups).entries())
      if (isObject(group) && has(group, 'archived')) return REFUSALS.updateArchived(index);
    for (const [index, course] of entriesOf(courses).entries())
      if (isObject(course) && has(course, 'status')) return REFUSALS.updateStatus(index);
  }
  return null;
}
