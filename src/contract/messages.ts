// Every error message of spec 7.2, verbatim where the spec gives the text. Where the spec gives only a
// prefix ("begins ...") the rest is Lectern's wording; clients match on the prefix.
import { CREATE_KINDS, STATUSES } from './enums.ts';
import { LIMITS } from './limits.ts';

export const MESSAGES = {
  // Plain-text 400 bodies (pre-checks).
  noItemsProvided: 'No items provided',
  tooManyCourses: `Cannot create more than ${LIMITS.coursesPerCreate} courses at a time`,
  tooManyChildren: (courseIndex: number, found: number) =>
    `Course at index ${courseIndex} exceeds maximum of ${LIMITS.childrenPerCourse} children (sections + lessons + topics). Found ${found} children.`,
  audioUrlOnNonAudio: (type: string, position: TopicPosition) =>
    `audioUrl is only valid for audio topics, but topic ${describePosition(position)} has type '${type}'.`,

  // JSON 400 bodies.
  emptyTitle: 'course must have a non-empty title',
  invalidKinds: (rejected: readonly string[]) =>
    `Invalid course kinds: ${rejected.join(', ')}. Supported kinds are: ${CREATE_KINDS.join(', ')}`,
  invalidStatus: (value: string) =>
    `Invalid status '${value}'. Valid values are: ${STATUSES.join(', ')}`,
  archivedOnCreate: "Cannot create a course with status 'archived'; archive it through update.",
  futurePublishWithPublished: 'Cannot set futurePublishDate when status is published.',
  descriptionTooLong: 'Description exceeds maximum length of 5,000 characters',
  tooManyTags: (found: number) =>
    `Cannot assign more than ${LIMITS.tagsPerCourse} tags per course (found ${found})`,
  tagsNotFound: 'Some tag IDs were not found',
  tagsForeign: 'Some tags do not belong to this company',
  emptyAuthor: 'authors cannot contain empty strings',
  metaTitleTooLong: `metaTitle exceeds maximum length of ${LIMITS.metaTitleLength} characters`,
  metaDescriptionTooLong: `metaDescription exceeds maximum length of ${LIMITS.metaDescriptionLength} characters`,
  priceTooHigh: 'priceInCents exceeds maximum allowed value of 99999999 ($999,999.99)',
  priceNegative: 'priceInCents must be between 0 and 99999999',
  customFieldsNotObject: 'customFields must be a JSON object',
  customFieldsBadValue: 'customFields values must be string, string array, or null',
  videoUrlWithVideoAsset: "Cannot provide both 'videoUrl' and 'videoAsset'; supply one of them",
  videoFieldsOnNonVideo: (type: string) =>
    `Cannot use video fields (videoUrl, videoAsset) with topic type '${type}'`,
  assetTypeWithVideoUrl: "Cannot provide 'assetType' when using 'videoUrl'",
  tooManyUpdateItems: `Cannot update more than ${LIMITS.itemsPerUpdate} items at a time`,
  topicsNotFound: (ids: readonly string[]) => `Topics not found: ${ids.join(', ')}`,
  lessonsNotFound: (ids: readonly string[]) => `Lessons not found: ${ids.join(', ')}`,
  sectionsNotFound: (ids: readonly string[]) => `Sections not found: ${ids.join(', ')}`,
  courseGroupsNotFound: (ids: readonly string[]) => `Course groups not found: ${ids.join(', ')}`,
  coursesNotFound: 'Some courses not found or unauthorized',
  lessonIdRequired: (index: number) => `lessonId required for new topics (topics[${index}])`,
  typeRequired: (index: number) => `type required for new topics (topics[${index}])`,
  courseIdRequired: (index: number) => `courseId required for new sections (sections[${index}])`,
  sectionIdRequired: (index: number) => `sectionId required for new lessons (lessons[${index}])`,
  courseGroupIdRequired: (index: number) =>
    `courseGroupId required for new courses (courses[${index}])`,
  invalidParent: (field: ParentField, id: string) => `Invalid ${field}: ${id}`,
  tooManyPendingJobs: (limit: number) =>
    `Too many pending background jobs (limit ${limit}). The content was saved but its files were not queued; send the file fields again through update later.`,
  unknownRibbon: (slug: string) => `Ribbon '${slug}' does not exist in the company's configuration`,
  unknownContentType: (value: string) =>
    `Content type '${value}' does not exist in the company's configuration`,
  prerequisiteCoursesNotFound: 'Some prerequisite courses were not found',
  prerequisiteLearningPathsNotFound: 'Some prerequisite learning paths were not found',
  relatedCourseGroupsNotFound: 'Some related course groups were not found',
  duplicateSku: (sku: string) => `SKU '${sku}' is already in use`,
  duplicateSlug: (slug: string) => `Slug '${slug}' is already in use`,
  withCourseIndex: (index: number, message: string) => `Course at index ${index}: ${message}`,
} as const;

export type ParentField = 'lessonId' | 'sectionId' | 'courseId' | 'courseGroupId';

/** Where a topic sits inside a create request: microCourse topics have no section or lesson. */
export interface TopicPosition {
  course: number;
  section?: number;
  lesson?: number;
  topic: number;
}

export function describePosition(position: TopicPosition): string {
  const parts = [`course index ${position.course}`];
  if (position.section !== undefined) parts.push(`section index ${position.section}`);
  if (position.lesson !== undefined) parts.push(`lesson index ${position.lesson}`);
  parts.push(`topic index ${position.topic}`);
  return `at ${parts.join(', ')}`;
}

export const KIND_MESSAGES = {
  fieldNotForKind: (field: string, kind: string, allowedKind: string) =>
    `Field '${field}' applies to kind ${allowedKind}, not ${kind}`,
};
