// The course as read from the API (group, course and structure), and a draft of it for the editor.
import {
  DEFAULT_ASSET_TYPE,
  KIND_SPECIFIC_FIELDS,
  isFieldAllowedForType,
  topicFieldsFor,
  type Course,
  type CourseGroup,
  type CourseStructure,
  type TopicRecord,
  type TopicType,
} from '#contract/index.ts';
import type {
  CourseDraft,
  DraftAttributes,
  LessonNode,
  SectionNode,
  ServerIds,
  TopicNode,
} from '../draft/schema.ts';
import type { IdGenerator } from '../ids.ts';
import { randomId } from '../ids.ts';

export interface Baseline {
  courseGroup: CourseGroup;
  course: Course;
  structure: CourseStructure;
}

export type StructureSection = CourseStructure['sections'][number];
export type StructureLesson = StructureSection['lessons'][number];

/** Whether a value carries nothing (null, an empty string/array/object, a false flag). */
function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined || v === '' || v === false) return true;
  if (typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.length === 0;
  for (const key in v) if (Object.hasOwn(v, key)) return false;
  return true;
}

/** Drop what carries no value (null, empty strings/arrays/objects, false flags). */
type Compacted<T> = { [K in keyof T]?: Exclude<T[K], null> };
function compact<T extends Record<string, unknown>>(record: T): Compacted<T> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (!isEmptyValue(record[key])) out[key] = record[key];
  return out as Compacted<T>;
}

export function attributesFromBaseline(group: CourseGroup, course: Course): DraftAttributes {
  const fromGroup = compact({
    description: group.description,
    tagIds: group.tagIds,
    authors: group.authors,
    source: group.source,
    customFields: group.customFields,
    asset: group.asset,
    assetAltText: group.assetAltText,
    detailAsset: group.detailAsset,
    detailAssetAltText: group.detailAssetAltText,
    ribbon: group.ribbon,
    metaTitle: group.metaTitle,
    metaDescription: group.metaDescription,
    contentType: group.contentType,
    relatedCourseGroupIds: group.relatedCourseGroupIds,
    slug: group.slug,
  });
  const fromCourse = compact({
    sku: course.sku,
    isbn: course.isbn,
    enrollmentLimit: course.enrollmentLimit,
    enrollmentStartDate: course.enrollmentStartDate,
    enrollmentEndDate: course.enrollmentEndDate,
    courseStartDate: course.courseStartDate,
    courseEndDate: course.courseEndDate,
    gracePeriodEndDate: course.gracePeriodEndDate,
    futurePublishDate: course.futurePublishDate,
    publishDate: course.publishDate,
    sessionCustomFields: course.customFields,
    prerequisiteCourseIds: course.prerequisiteCourseIds,
    prerequisiteLearningPathIds: course.prerequisiteLearningPathIds,
  });
  return {
    title: group.title,
    ...fromGroup,
    ...fromCourse,
    // Kept even when false/0 so the editor shows the server's value.
    status: course.status,
    archived: group.archived,
    priceInCents: course.priceInCents,
    discussionsEnabled: course.discussionsEnabled,
    availableToPublic: course.availableToPublic,
    freeWithRegistration: course.freeWithRegistration,
    purchasable: course.purchasable,
    forceLinearProgress: course.forceLinearProgress,
    showProgress: course.showProgress,
  };
}

// A type's fields as a set, built once per type: opening a 2,000-topic course asks for each key of each
// topic record.
const fieldSets = new Map<TopicType, ReadonlySet<string>>();
function fieldSetOf(type: TopicType): ReadonlySet<string> {
  let fields = fieldSets.get(type);
  if (!fields) {
    fields = new Set(topicFieldsFor(type).filter((field) => isFieldAllowedForType(type, field)));
    fieldSets.set(type, fields);
  }
  return fields;
}

/** The fields a topic's type carries, without empty values. */
export function topicFieldsFromRecord(record: TopicRecord): Record<string, unknown> {
  const allowed = fieldSetOf(record.type);
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (key === 'title' || key === 'type' || !allowed.has(key)) continue;
    const value = (record as Record<string, unknown>)[key];
    // The default provider is what an absent assetType means; keeping it would clash with videoUrl.
    if (key === 'assetType' && value === DEFAULT_ASSET_TYPE) continue;
    if (!isEmptyValue(value)) fields[key] = value;
  }
  return fields;
}

export function topicFromRecord(record: TopicRecord, ids: IdGenerator): TopicNode {
  return {
    kind: 'topic',
    clientId: ids(),
    serverId: record.id,
    title: record.title,
    type: record.type,
    ...topicFieldsFromRecord(record),
  };
}

const lessonFromRecord = (lesson: StructureLesson, ids: IdGenerator): LessonNode => ({
  kind: 'lesson',
  clientId: ids(),
  serverId: lesson.id,
  title: lesson.title,
  openType: lesson.openType,
  topics: lesson.topics.map((topic) => topicFromRecord(topic, ids)),
});

const sectionFromRecord = (section: StructureSection, ids: IdGenerator): SectionNode => ({
  kind: 'section',
  clientId: ids(),
  serverId: section.id,
  title: section.title,
  ...(section.releaseDate !== null && { releaseDate: section.releaseDate }),
  lessons: section.lessons.map((lesson) => lessonFromRecord(lesson, ids)),
});

/** Implicit containers of the non-courseGroup kinds (one section and lesson, spec 2.2). */
export function implicitOf(structure: CourseStructure) {
  const section = structure.sections[0];
  const lesson = section?.lessons[0];
  return { section, lesson, topic: lesson?.topics[0] };
}

/** A draft of a saved course, for editing; nodes get fresh client ids and their server ids. */
export function draftFromBaseline(baseline: Baseline, ids: IdGenerator = randomId): CourseDraft {
  const { courseGroup, course, structure } = baseline;
  const implicit = implicitOf(structure);
  const serverIds: ServerIds = {
    courseGroupId: courseGroup.id,
    courseId: course.id,
    ...(course.kind !== 'courseGroup' &&
      implicit.section && { implicitSectionId: implicit.section.id }),
    ...(course.kind !== 'courseGroup' &&
      implicit.lesson && { implicitLessonId: implicit.lesson.id }),
    ...(course.kind !== 'courseGroup' &&
      course.kind !== 'microCourse' &&
      implicit.topic && { implicitTopicId: implicit.topic.id }),
  };
  const common = {
    clientId: ids(),
    serverIds,
    attributes: attributesFromBaseline(courseGroup, course),
  };
  const topicFields = implicit.topic ? topicFieldsFromRecord(implicit.topic) : {};
  const pick = (fields: readonly string[]) =>
    Object.fromEntries(Object.entries(topicFields).filter(([key]) => fields.includes(key)));
  switch (course.kind) {
    case 'courseGroup':
      return {
        ...common,
        kind: 'courseGroup',
        sections: structure.sections.map((s) => sectionFromRecord(s, ids)),
      };
    case 'microCourse':
      return {
        ...common,
        kind: 'microCourse',
        topics: (implicit.lesson?.topics ?? []).map((t) => topicFromRecord(t, ids)),
      };
    case 'article':
      return {
        ...common,
        kind: 'article',
        articleVariant: implicit.topic?.languages[0] ?? {},
      };
    case 'video':
      return { ...common, kind: 'video', video: pick(KIND_SPECIFIC_FIELDS.video) };
    case 'shareableContentObject':
      return {
        ...common,
        kind: 'shareableContentObject',
        scorm: pick(KIND_SPECIFIC_FIELDS.shareableContentObject),
      };
    default:
      throw new Error(`Unknown course kind ${String(course.kind)}`);
  }
}
