// The courses, course groups and learning paths a state-changing call touched, for the audit log. Ids
// come from the request (update items, the releaseContent path) and, for create, from the answer; a
// title is kept when the call itself carried it (create, a rename). The console shows the others'
// current titles by reading them, and keeps every id as a link.
import type { AuditSubject, AuditSubjectType } from '#contract/console/audit.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Enough to name what a call was about; a 100-item update keeps its first ones. */
export const MAX_SUBJECTS = 25;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function collect(): {
  add(type: AuditSubjectType, id: unknown, title?: unknown): void;
  list(): AuditSubject[];
} {
  const byKey = new Map<string, AuditSubject>();
  return {
    add(type, id, title) {
      if (typeof id !== 'string' || id === '' || byKey.size >= MAX_SUBJECTS) return;
      const key = `${type}:${id}`;
      const existing = byKey.get(key);
      if (existing) existing.title ??= text(title);
      else byKey.set(key, { type, id, title: text(title) });
    },
    list: () => [...byKey.values()],
  };
}

const itemsOf = (record: Record<string, unknown>, name: string) =>
  Array.isArray(record[name]) ? (record[name] as unknown[]).filter(isObject) : [];

/**
 * The subjects a content change was read to touch (with old -> new values) first, then those of `rest`
 * it did not describe, up to MAX_SUBJECTS.
 */
export function touchedFirst(
  touched: readonly AuditSubject[],
  rest: readonly AuditSubject[],
): AuditSubject[] {
  const described = new Set(touched.map((s) => `${s.type}:${s.id}`));
  return [...touched, ...rest.filter((s) => !described.has(`${s.type}:${s.id}`))].slice(
    0,
    MAX_SUBJECTS,
  );
}

/** What the request names. `path` is the upstream path (`/content/{id}/releaseContent`). */
export function requestSubjects(operationId: string, body: unknown, path: string): AuditSubject[] {
  const subjects = collect();
  if (operationId === 'releaseContent' && isObject(body)) {
    const id = path.split('/')[2];
    subjects.add(body.kind === 'learningPath' ? 'learningPath' : 'course', id);
  }
  if (operationId === 'uploadTranslation' && path.split('/')[2] === 'courses')
    subjects.add('course', path.split('/')[3]?.replace(/\.xlf$/, ''));
  if (['bulkUpdatePrices', 'bulkCreateCompletionCriteria'].includes(operationId) && isObject(body))
    for (const item of itemsOf(body, 'items')) subjects.add('course', item.courseId);
  if (operationId === 'updateCourses' && isObject(body) && isObject(body.courseAttributes)) {
    const attributes = body.courseAttributes;
    for (const group of itemsOf(attributes, 'courseGroups'))
      subjects.add('courseGroup', group.id, group.title);
    for (const course of itemsOf(attributes, 'courses')) {
      subjects.add('course', course.id, course.title);
      if (course.id === undefined) subjects.add('courseGroup', course.courseGroupId);
    }
    for (const section of itemsOf(attributes, 'sections')) subjects.add('course', section.courseId);
  }
  return subjects.list();
}

/** Adds what the answer names: create's new group and course ids, paired with the request's titles. */
export function answerSubjects(
  operationId: string,
  body: unknown,
  requested: readonly AuditSubject[],
  answer: Buffer | undefined,
): AuditSubject[] {
  if (operationId !== 'createCourses' || !answer || !isObject(body)) return [...requested];
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.toString('utf8'));
  } catch {
    return [...requested];
  }
  if (!isObject(parsed) || !Array.isArray(parsed.courseGroupIds)) return [...requested];
  const courses = Array.isArray(body.courseAttributes) ? body.courseAttributes : [];
  const subjects = collect();
  for (const subject of requested) subjects.add(subject.type, subject.id, subject.title);
  parsed.courseGroupIds.forEach((id, index) => {
    const course = courses[index];
    subjects.add('courseGroup', id, isObject(course) ? course.title : null);
  });
  return subjects.list();
}
