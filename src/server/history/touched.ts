// What a content-changing call touches, for the history and the audit: the courses it changes (from
// the request, before it is forwarded), the kind of change on each, and old -> new values read from
// the courses as they were just before (prices, statuses, archive and restore, criteria, renames,
// translations). Values only: never a body, never a secret.
import type { AuditChange, AuditSubject } from '#contract/console/audit.ts';
import type { CourseSnapshot, HistoryChangeKind } from '#contract/console/history.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const itemsOf = (record: unknown, name: string): Record<string, unknown>[] =>
  isObject(record) && Array.isArray(record[name])
    ? (record[name] as unknown[]).filter(isObject)
    : [];
const idOf = (item: Record<string, unknown>, name = 'id') =>
  typeof item[name] === 'string' && item[name] !== '' ? (item[name] as string) : undefined;

export type NodeKind = 'section' | 'lesson' | 'topic';

/**
 * A course as read before a call: whole, or for a price change its session record alone (a price
 * changes nothing else: the group and the structure are taken from the read after).
 */
export type CourseBefore = Pick<CourseSnapshot, 'course'> & Partial<CourseSnapshot>;

/** What the request alone says about the courses it changes; `nodes` and `groups` need a lookup. */
export interface CallTargets {
  courses: Set<string>;
  /** Course groups whose every course it changes (archive, restore, group fields). */
  groups: Set<string>;
  /** Sections, lessons and topics (or their parents) named without their course. */
  nodes: Map<string, NodeKind>;
  /** Completion criteria named by id only. */
  criteria: Set<string>;
}

const CRITERIA_OPS = new Set(['bulkCreateCompletionCriteria', 'bulkUpdateCompletionCriteria']);

/** The operations whose effect is on courses (the history and the old values cover those). */
export const CONTENT_OPERATIONS = new Set([
  'createCourses',
  'updateCourses',
  'releaseContent',
  'bulkUpdatePrices',
  'uploadTranslation',
  ...CRITERIA_OPS,
]);

export function callTargets(operationId: string, body: unknown, path: string): CallTargets {
  const targets: CallTargets = {
    courses: new Set(),
    groups: new Set(),
    nodes: new Map(),
    criteria: new Set(),
  };
  const course = (id: string | undefined) => id && targets.courses.add(id);
  const node = (kind: NodeKind, id: string | undefined) => id && targets.nodes.set(id, kind);
  const segments = path.split('/');
  if (operationId === 'releaseContent' && isObject(body) && body.kind === 'course')
    course(segments[2]);
  if (operationId === 'uploadTranslation' && segments[2] === 'courses')
    course(segments[3]?.replace(/\.xlf$/, ''));
  if (operationId === 'bulkUpdatePrices')
    for (const item of itemsOf(body, 'items')) course(idOf(item, 'courseId'));
  if (operationId === 'bulkCreateCompletionCriteria')
    for (const item of itemsOf(body, 'items')) course(idOf(item, 'courseId'));
  if (operationId === 'bulkUpdateCompletionCriteria')
    for (const item of itemsOf(body, 'items')) {
      const id = idOf(item);
      if (id) targets.criteria.add(id);
    }
  if (operationId === 'updateCourses' && isObject(body)) {
    const attributes = body.courseAttributes;
    for (const group of itemsOf(attributes, 'courseGroups')) {
      const id = idOf(group);
      if (id) targets.groups.add(id);
    }
    for (const item of itemsOf(attributes, 'courses')) {
      course(idOf(item));
      const groupId = idOf(item, 'courseGroupId');
      if (!idOf(item) && groupId) targets.groups.add(groupId);
    }
    for (const section of itemsOf(attributes, 'sections')) {
      course(idOf(section, 'courseId'));
      if (!idOf(section, 'courseId')) node('section', idOf(section));
    }
    for (const lesson of itemsOf(attributes, 'lessons'))
      if (idOf(lesson)) node('lesson', idOf(lesson));
      else node('section', idOf(lesson, 'sectionId'));
    for (const topic of itemsOf(attributes, 'topics'))
      if (idOf(topic)) node('topic', idOf(topic));
      else node('lesson', idOf(topic, 'lessonId'));
  }
  return targets;
}

/** The kinds of change a call makes to one course. */
export function changeKinds(
  operationId: string,
  body: unknown,
  courseId: string,
  groupId: string | undefined,
): HistoryChangeKind[] {
  if (operationId === 'createCourses') return ['create'];
  if (operationId === 'releaseContent') return ['status'];
  if (operationId === 'bulkUpdatePrices') return ['price'];
  if (operationId === 'uploadTranslation') return ['translation'];
  if (CRITERIA_OPS.has(operationId)) return ['criteria'];
  const kinds = new Set<HistoryChangeKind>();
  const attributes = isObject(body) ? body.courseAttributes : undefined;
  for (const group of itemsOf(attributes, 'courseGroups')) {
    if (idOf(group) !== groupId) continue;
    const { id: _id, archived, ...rest } = group;
    if (archived === true) kinds.add('archive');
    if (archived === false) kinds.add('unarchive');
    if (Object.keys(rest).length > 0) kinds.add('edit');
  }
  for (const item of itemsOf(attributes, 'courses')) {
    if (idOf(item) !== courseId) continue;
    const { id: _id, status, priceInCents, ...rest } = item;
    if (status !== undefined) kinds.add('status');
    if (priceInCents !== undefined) kinds.add('price');
    if (Object.keys(rest).length > 0) kinds.add('edit');
  }
  if (['sections', 'lessons', 'topics'].some((name) => itemsOf(attributes, name).length > 0))
    kinds.add('edit');
  return kinds.size > 0 ? [...kinds] : ['edit'];
}

/** A criterion as people read it: its type and its value (`{ type, value }`). */
export function criterionValue(criterion: Record<string, unknown> | null | undefined) {
  if (!criterion || typeof criterion.type !== 'string') return undefined;
  const value = criterion[criterion.type];
  return { type: criterion.type, value: value ?? null };
}

function change(
  field: AuditChange['field'],
  before: unknown,
  after: unknown,
  node: AuditChange['node'] = null,
): AuditChange {
  return {
    field,
    node,
    ...(before !== undefined && { before }),
    ...(after !== undefined && { after }),
  };
}

export interface TranslationFacts {
  language: string;
  units: number;
  changed: number;
}

/** Where each node of the courses read before sits: its course, kind and title. */
export function nodeIndex(before: ReadonlyMap<string, CourseBefore>) {
  const out = new Map<string, { courseId: string; kind: NodeKind; title: string }>();
  const criteria = new Map<string, { courseId: string; criterion: Record<string, unknown> }>();
  for (const [courseId, snapshot] of before) {
    for (const section of snapshot.structure?.sections ?? []) {
      out.set(section.id, { courseId, kind: 'section', title: section.title });
      for (const lesson of section.lessons) {
        out.set(lesson.id, { courseId, kind: 'lesson', title: lesson.title });
        for (const topic of lesson.topics)
          out.set(topic.id, { courseId, kind: 'topic', title: topic.title });
      }
    }
    for (const criterion of snapshot.structure?.completionCriteria ?? [])
      criteria.set(criterion.id, { courseId, criterion });
  }
  return { nodes: out, criteria };
}

/**
 * The audit's subjects with old -> new values: one per course (or group, for archive and restore)
 * the call changes, titled as read before.
 */
export function touchedSubjects(
  operationId: string,
  body: unknown,
  before: ReadonlyMap<string, CourseBefore>,
  translation: TranslationFacts | null,
): AuditSubject[] {
  const subjects = new Map<string, AuditSubject & { changes: AuditChange[] }>();
  const subject = (type: 'course' | 'courseGroup', id: string) => {
    const key = `${type}:${id}`;
    let found = subjects.get(key);
    if (!found) {
      const read =
        type === 'course'
          ? before.get(id)?.course.title
          : [...before.values()].find((s) => s.courseGroup?.id === id)?.courseGroup?.title;
      found = { type, id, title: read ?? null, changes: [] };
      subjects.set(key, found);
    }
    return found;
  };
  const courseChange = (courseId: string, entry: AuditChange) =>
    subject('course', courseId).changes.push(entry);
  const { nodes, criteria } = nodeIndex(before);

  if (operationId === 'bulkUpdatePrices')
    for (const item of itemsOf(body, 'items')) {
      const id = idOf(item, 'courseId');
      if (id)
        courseChange(
          id,
          change('priceInCents', before.get(id)?.course.priceInCents, item.priceInCents),
        );
    }
  if (operationId === 'releaseContent' && isObject(body) && body.kind === 'course')
    for (const [id, snapshot] of before)
      courseChange(
        id,
        change('status', snapshot.course.status, body.action === 'release' ? 'published' : 'draft'),
      );
  if (operationId === 'uploadTranslation' && translation)
    for (const id of before.keys()) courseChange(id, change('translation', undefined, translation));
  if (operationId === 'bulkCreateCompletionCriteria')
    for (const item of itemsOf(body, 'items')) {
      const id = idOf(item, 'courseId');
      if (id) courseChange(id, change('completionCriteria', undefined, criterionValue(item)));
    }
  if (operationId === 'bulkUpdateCompletionCriteria')
    for (const item of itemsOf(body, 'items')) {
      const was = criteria.get(idOf(item) ?? '');
      if (!was) continue;
      const merged = { ...was.criterion, ...item };
      courseChange(
        was.courseId,
        change('completionCriteria', criterionValue(was.criterion), criterionValue(merged)),
      );
    }
  if (operationId === 'updateCourses' && isObject(body)) {
    const attributes = body.courseAttributes;
    for (const group of itemsOf(attributes, 'courseGroups')) {
      const id = idOf(group);
      const was = [...before.values()].find((s) => s.courseGroup?.id === id)?.courseGroup;
      if (!id) continue;
      const entry = subject('courseGroup', id);
      if (typeof group.archived === 'boolean' && group.archived !== was?.archived)
        entry.changes.push(change('archived', was?.archived, group.archived));
      if (typeof group.title === 'string' && group.title !== was?.title) {
        entry.changes.push(change('title', was?.title, group.title));
        entry.title ??= group.title;
      }
    }
    for (const item of itemsOf(attributes, 'courses')) {
      const id = idOf(item);
      if (!id) continue;
      const was = before.get(id)?.course;
      const entry = subject('course', id);
      if (typeof item.status === 'string' && item.status !== was?.status)
        entry.changes.push(change('status', was?.status, item.status));
      if (typeof item.priceInCents === 'number' && item.priceInCents !== was?.priceInCents)
        entry.changes.push(change('priceInCents', was?.priceInCents, item.priceInCents));
      if (typeof item.title === 'string' && item.title !== was?.title) {
        entry.changes.push(change('title', was?.title, item.title));
        entry.title ??= item.title;
      }
    }
    for (const name of ['sections', 'lessons', 'topics'])
      for (const item of itemsOf(attributes, name)) {
        const was = nodes.get(idOf(item) ?? '');
        if (!was || typeof item.title !== 'string' || item.title === was.title) continue;
        courseChange(
          was.courseId,
          change('title', was.title, item.title, { kind: was.kind, title: was.title }),
        );
      }
    // Every course the call changes is listed, with or without a value change to show; the courses
    // of a group the call names are under their group.
    const groups = new Set(itemsOf(attributes, 'courseGroups').map((group) => idOf(group)));
    for (const [id, snapshot] of before)
      if (!snapshot.courseGroup || !groups.has(snapshot.courseGroup.id)) subject('course', id);
  }
  if (subjects.size === 0) for (const id of before.keys()) subject('course', id);
  return [...subjects.values()].map(({ changes, ...rest }) =>
    changes.length > 0 ? { ...rest, changes } : rest,
  );
}
