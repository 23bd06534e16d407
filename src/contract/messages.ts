// Every message the Content API (and the sandbox's management API) answers with, one object per kind
// of endpoint, each message written once and reused by the sandbox, the compiler and the clients.
// MESSAGES are spec 7.2's, verbatim where the spec gives the text; where it gives only a prefix
// ("begins ...") the rest is Lectern's wording and clients match on the prefix. The spec shows none
// of the other texts: they are Lectern's wording.
import { CREATE_KINDS, STATUSES } from './enums.ts';
import { LIMITS } from './limits.ts';

// Create and update (spec 4.1, 4.2, 7.2).

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

/** Create: a field that belongs to another kind's structure. */
export const KIND_MESSAGES = {
  fieldNotForKind: (field: string, kind: string, allowedKind: string) =>
    `Field '${field}' applies to kind ${allowedKind}, not ${kind}`,
};

/** The write path and the sandbox's management API, beyond spec 7.2. */
export const WRITE_MESSAGES = {
  /** `where` is the path of the first array or object past the limit (see jsonDepthViolation). */
  jsonTooDeep: (where: string) =>
    `JSON nesting exceeds the limit of ${LIMITS.jsonDepth} levels of arrays and objects (at ${where})`,
  bodyTooLarge: (limitBytes: number) => `Request body exceeds the limit of ${limitBytes} bytes`,
  /** A key that could reach an object's prototype in code that copies or merges the body (`at` ends with it). */
  prototypeKey: (at: string) =>
    `Keys named __proto__, constructor or prototype are not accepted (at ${at})`,
  /** An object where a string or an array is expected, with a `length` that is not a number. */
  unreadableValue: 'Invalid input: expected a string or an array, received an object',
  /** A course group holds one or more courses (spec 2.1): its last course cannot move away. */
  lastCourseOfGroup: (groupId: string) =>
    `Course group ${groupId} must keep at least one course; add another course before moving this one`,
  duplicateSlugInRequest: (slug: string) => `Slug '${slug}' is given to more than one course group`,
  emailTaken: (email: string) => `A user with email '${email}' already exists`,
} as const;

// Reads, translations and bulk endpoints (spec 4.3-4.5).
export const READ_MESSAGES = {
  invalidCursor: 'cursor: Invalid cursor. Pass pageInfo.cursor from the previous page unchanged.',
  cursorFiltersChanged:
    'cursor: This cursor belongs to a different list or different filters. Omit cursor to start again from the first page.',
  notFound: (resource: string, id: string) => `${resource} ${id} not found`,
  noDisplayCourse: (groupId: string) => `Course group ${groupId} has no display course`,
  learningPathSelectorRequired: 'learningPathId or learningPathSku is required',
  learningPathSkuNotFound: (sku: string) => `Learning path with SKU '${sku}' not found`,
  contentTypeHasNoItems: (type: string) => `Content type '${type}' has no items in this instance`,
  // Translations (XLIFF 1.2).
  xliffContentType: (received: string) =>
    `Translation uploads need Content-Type: text/xml (received '${received}')`,
  xliffMalformed: 'The body is not a valid XLIFF 1.2 document',
  xliffTargetLanguageRequired: 'XLIFF <file> needs a target-language attribute',
  xliffOriginalMismatch: (expected: string) =>
    `XLIFF <file original> must be '${expected}', the item of this URL`,
  xliffUnknownUnits: (ids: readonly string[]) => `Unknown translation units: ${ids.join(', ')}`,
  xliffNoUnits: 'XLIFF file contains no <trans-unit> with a <target>',
  languageInvalid: 'language must be a language code such as fr or pt-BR',
  // Bulk endpoints.
  criteriaNotFound: (ids: readonly string[]) => `Completion criteria not found: ${ids.join(', ')}`,
  criterionTopicRequired: (type: string) =>
    `Completion criteria of type '${type}' need a topicId (the topic they refer to)`,
  topicNotInCourse: (topicId: string, courseId: string) =>
    `Topic ${topicId} does not belong to course ${courseId}`,
  certificateTemplatesNotFound: (ids: readonly string[]) =>
    `Certificate templates not found: ${ids.join(', ')}`,
  duplicateItems: (field: string, ids: readonly string[]) =>
    `Each ${field} may appear only once per request; repeated: ${ids.join(', ')}`,
} as const;

// The event feed, throttling, fault injection and GraphQL login (spec 4.6, 6, 7.3). The feed's own
// messages are a module of their own: the event schema needs one of them, and its pages (the event
// monitor, the learner page) should not load every message of the API for it.
export { FEED_MESSAGES } from './feed-messages.ts';
const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/** `extensions.code` of GraphQL errors, so clients branch on codes, not on message text. */
export const GRAPHQL_ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  invalidApiKey: 'INVALID_API_KEY',
  invalidCredentials: 'INVALID_CREDENTIALS',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  unauthenticated: 'UNAUTHENTICATED',
  internal: 'INTERNAL_SERVER_ERROR',
} as const;

export const GRAPHQL_MESSAGES = {
  missingApiKey: 'The apiKey query parameter is required',
  invalidApiKey: 'Invalid apiKey',
  badRequestBody:
    'The request body must be a JSON object with a "query" string and optional "variables" object and "operationName" string',
  /** Same text for an unknown email and a wrong password: never say which was wrong. */
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: (retryAfterMinutes: number) =>
    `Too many failed login attempts; try again in ${minutes(retryAfterMinutes)}`,
  unauthenticated:
    'A valid learner token is required: send Authorization: Bearer <token> with the token from Login',
  methodNotAllowed: 'GraphQL requests use POST',
  internal: 'Internal server error',
} as const;

/** Why the sandbox's activity simulator could not produce a kind (`POST /sandbox/activity`). */
export const ACTIVITY_MESSAGES = {
  noLearners: 'the company has no learners',
  noPublishedCourses: 'no course is published',
  noQuizTopics: 'no published course has a quiz or test topic',
  noAssignmentTopics: 'no published course has an assignment topic',
  noPublishedLearningPaths: 'no learning path is published',
  nothingCreated: 'No activity was created: see unavailable for the reason of each kind.',
} as const;
