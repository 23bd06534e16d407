// Validation of `POST /content/course/create` (spec 7.2): plain-text pre-checks, then JSON rules.
import { CREATE_KINDS, STATUSES } from '../enums.ts';
import { valueText } from '../json-values.ts';
import { LIMITS } from '../limits.ts';
import { KIND_MESSAGES, MESSAGES, type TopicPosition } from '../messages.ts';
import { KIND_SPECIFIC_FIELDS } from '../schemas/course-create.ts';
import {
  catalogFieldIssues,
  customFieldsIssue,
  isPlainObject,
  priceIssue,
  videoFieldIssues,
  type Path,
  type ValidationIssue,
} from './field-rules.ts';

interface LocatedTopic {
  topic: Record<string, unknown>;
  position: TopicPosition;
  path: Path;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObjects = (value: unknown) => asArray(value).filter(isPlainObject);

/** Every topic of a course attributes object, with its position, for both structure kinds. */
export function topicsOf(course: Record<string, unknown>, courseIndex: number): LocatedTopic[] {
  const located: LocatedTopic[] = [];
  asArray(course.topics).forEach((topic, t) => {
    if (isPlainObject(topic))
      located.push({ topic, position: { course: courseIndex, topic: t }, path: ['topics', t] });
  });
  asArray(course.sections).forEach((section, s) => {
    if (!isPlainObject(section)) return;
    asArray(section.lessons).forEach((lesson, l) => {
      if (!isPlainObject(lesson)) return;
      asArray(lesson.topics).forEach((topic, t) => {
        if (isPlainObject(topic))
          located.push({
            topic,
            position: { course: courseIndex, section: s, lesson: l, topic: t },
            path: ['sections', s, 'lessons', l, 'topics', t],
          });
      });
    });
  });
  return located;
}

/** Sections + lessons + topics as sent (spec 8). */
export function countChildren(course: Record<string, unknown>): number {
  let count = asArray(course.topics).length;
  for (const section of asObjects(course.sections)) {
    count += 1;
    for (const lesson of asObjects(section.lessons)) count += 1 + asArray(lesson.topics).length;
  }
  count += asArray(course.sections).filter((s) => !isPlainObject(s)).length;
  return count;
}

/** Pre-checks whose failure is a plain-text 400 body. Returns the body, or undefined when all pass. */
export function createPrecheck(body: unknown): string | undefined {
  const courses = isPlainObject(body) ? body.courseAttributes : undefined;
  if (!Array.isArray(courses) || courses.length === 0) return MESSAGES.noItemsProvided;
  if (courses.length > LIMITS.coursesPerCreate) return MESSAGES.tooManyCourses;
  for (const [index, course] of courses.entries()) {
    if (!isPlainObject(course)) continue;
    const children = countChildren(course);
    if (children > LIMITS.childrenPerCourse) return MESSAGES.tooManyChildren(index, children);
  }
  for (const [index, course] of courses.entries()) {
    if (!isPlainObject(course)) continue;
    for (const { topic, position } of topicsOf(course, index)) {
      if (topic.audioUrl !== undefined && topic.type !== 'audio')
        return MESSAGES.audioUrlOnNonAudio(valueText(topic.type), position);
    }
  }
  return undefined;
}

/** JSON rules for one course of a create request. Paths are relative to the course. */
export function courseRuleIssues(course: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const at = (field: string, message: string) => issues.push({ path: [field], message });
  if (typeof course.title !== 'string' || course.title.trim() === '')
    at('title', MESSAGES.emptyTitle);
  const { status } = course;
  if (status !== undefined) {
    if (typeof status !== 'string' || !(STATUSES as readonly string[]).includes(status))
      at('status', MESSAGES.invalidStatus(valueText(status)));
    else if (status === 'archived') at('status', MESSAGES.archivedOnCreate);
  }
  if (course.futurePublishDate !== undefined && status === 'published')
    at('futurePublishDate', MESSAGES.futurePublishWithPublished);
  issues.push(...catalogFieldIssues(course, []));
  const price = priceIssue(course.priceInCents);
  if (price) at('priceInCents', price);
  const sessionFields = customFieldsIssue(course.sessionCustomFields);
  if (sessionFields === MESSAGES.customFieldsNotObject) at('sessionCustomFields', sessionFields);

  const kind = course.kind;
  for (const [ownerKind, fields] of Object.entries(KIND_SPECIFIC_FIELDS)) {
    if (ownerKind === kind) continue;
    for (const field of fields) {
      // width/height/embeddedEnabled/resetSessionAfterComplete are shared only by SCORM; fine to flag.
      if (course[field] !== undefined && isKnownKind(kind))
        at(field, KIND_MESSAGES.fieldNotForKind(field, valueText(kind), ownerKind));
    }
  }
  if (kind === 'video') issues.push(...videoFieldIssues(course, 'video', []));
  for (const { topic, path } of topicsOf(course, 0))
    issues.push(...videoFieldIssues(topic, topic.type, path));
  return issues;
}

const isKnownKind = (kind: unknown): boolean =>
  typeof kind === 'string' && (CREATE_KINDS as readonly string[]).includes(kind);

export interface CreateRuleResult {
  /** Request-level messages (invalid kinds) followed by per-course messages, prefixed when needed. */
  errors: string[];
  /** The same, located: `path` starts with the course index. */
  issues: ValidationIssue[];
}

/** JSON-body rules of spec 7.2 for a create request that passed the pre-checks. */
export function createRuleErrors(courses: unknown[]): CreateRuleResult {
  const errors: string[] = [];
  const issues: ValidationIssue[] = [];
  const rejected = courses
    .map((course, index) => ({ course, index }))
    .filter(({ course }) => !isPlainObject(course) || !isKnownKind(course.kind));
  if (rejected.length > 0) {
    const described = rejected.map(({ course, index }) =>
      isPlainObject(course) && course.kind !== undefined
        ? `${valueText(course.kind)} (index ${index})`
        : `(missing kind, index ${index})`,
    );
    errors.push(MESSAGES.invalidKinds(described));
    for (const { index } of rejected)
      issues.push({ path: [index, 'kind'], message: MESSAGES.invalidKinds(described) });
  }
  const prefix = courses.length > 1;
  courses.forEach((course, index) => {
    if (!isPlainObject(course)) return;
    for (const issue of courseRuleIssues(course)) {
      errors.push(prefix ? MESSAGES.withCourseIndex(index, issue.message) : issue.message);
      issues.push({ path: [index, ...issue.path], message: issue.message });
    }
  });
  return { errors, issues };
}
