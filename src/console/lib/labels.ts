// Words for the Content API's wire values: every enum the console shows, named once, so every screen
// says "Micro-course" and "Enrolled learners only" where the API says `microCourse` and
// `studentsOnly`. The contract keeps the wire values; the wire value itself appears only where it
// helps (JSON previews, tooltips, exports).
import type {
  AssetType,
  CompletionCriteriaType,
  ContentSearchType,
  ContentUploadType,
  CourseGroupKind,
  EventKind,
  JobStatus,
  OpenType,
  Status,
  TopicType,
} from '#contract/enums.ts';
import type { SignInMethod } from '#contract/console/session.ts';

/** Course group kinds (spec 2.6); the create kinds are among them. */
export const KIND_LABELS: Record<CourseGroupKind, string> = {
  courseGroup: 'Course',
  microCourse: 'Micro-course',
  article: 'Article',
  video: 'Video',
  shareableContentObject: 'SCORM package',
  xApiObject: 'xAPI object',
  webinar: 'Webinar',
  inPersonEvent: 'In-person event',
  webinarCourse: 'Webinar course',
  inPersonEventCourse: 'In-person course',
};

export const STATUS_LABELS: Record<Status, string> = {
  draft: 'Draft',
  authoring: 'Authoring',
  published: 'Published',
  loginRestriction: 'Login restricted',
  archived: 'Archived',
  pending: 'Scheduled',
  deleted: 'Deleted',
};

/** Who may open a lesson (spec 2.3). */
export const OPEN_TYPE_LABELS: Record<OpenType, string> = {
  studentsOnly: 'Enrolled learners only',
  open: 'Free preview',
  emailCaptureOpen: 'Email required',
};

export const TOPIC_TYPE_LABELS: Record<TopicType, string> = {
  ad: 'Advertisement',
  article: 'Article',
  image: 'Image',
  slideshow: 'Slideshow',
  presentation: 'Presentation',
  quiz: 'Quiz',
  test: 'Test',
  survey: 'Survey',
  text: 'Text',
  video: 'Video',
  recipe: 'Recipe',
  assignment: 'Assignment',
  listRoll: 'List roll',
  lti: 'LTI tool',
  tally: 'Tally',
  flipCardSet: 'Flip cards',
  notebook: 'Notebook',
  highlightZoneSet: 'Highlight zones',
  shareableContentObject: 'SCORM package',
  xApiObject: 'xAPI object',
  audio: 'Audio',
  matchPairSet: 'Matching pairs',
  highlightZoneQuiz: 'Highlight-zone quiz',
  socialShareCardSet: 'Social share cards',
  surveyVendor: 'External survey',
  discussionBoard: 'Discussion board',
  embed: 'Embedded content',
  workbook: 'Workbook',
  pdfViewer: 'PDF',
  inPersonEvent: 'In-person event',
  meetingInfo: 'Meeting information',
  vendorAssignment: 'External assignment',
};

/** What a completion criterion asks of a learner (spec 2.5). */
export const COMPLETION_CRITERIA_LABELS: Record<CompletionCriteriaType, string> = {
  coursePercentViewed: 'Share of pages viewed',
  articlePercentViewed: 'Share of the page viewed',
  videoPercentViewed: 'Share of the video viewed',
  articleTimeViewedInSeconds: 'Time on the page',
  courseTopicViewed: 'Topic viewed',
  courseAssessmentPassed: 'Assessment passed',
  courseAssignmentComplete: 'Assignment complete',
  courseMeetingAttended: 'Meeting attended',
  scormComplete: 'SCORM package complete',
  xApiComplete: 'xAPI activity complete',
  surveyVendorComplete: 'Survey complete',
  vendorAssignmentCompleted: 'Vendor assignment completed',
  proctoredTopicComplete: 'Proctored topic complete',
  videoTopicId: 'Video topic watched',
};

/** The companion field a completion criterion's value goes in, in words (spec 2.5). */
export const CRITERION_VALUE_LABELS = {
  coursePercentViewed: 'Pages viewed (%)',
  articlePercentViewed: 'Page viewed (%)',
  videoPercentViewed: 'Video watched (%)',
  articleTimeViewedInSeconds: 'Time on the page (seconds)',
} as const satisfies Partial<Record<CompletionCriteriaType, string>>;

/** Content search types (spec 2.6), as a facet names them. */
export const CONTENT_TYPE_LABELS: Record<ContentSearchType, string> = {
  courseGroups: 'Course groups',
  courses: 'Courses',
  bundles: 'Bundles',
  discountGroups: 'Discount groups',
  pickableGroups: 'Pickable groups',
  products: 'Products',
  learningPaths: 'Learning paths',
};

/** One item of a content search type. */
export const CONTENT_TYPE_SINGULAR: Record<ContentSearchType, string> = {
  courseGroups: 'Course group',
  courses: 'Course',
  bundles: 'Bundle',
  discountGroups: 'Discount group',
  pickableGroups: 'Pickable group',
  products: 'Product',
  learningPaths: 'Learning path',
};

/** Sort orders of the content search (`sort`; the sandbox's OpenAPI document). */
export const CONTENT_SORT_LABELS = {
  '': 'Type, then oldest first',
  title: 'Title A–Z',
  '-title': 'Title Z–A',
  '-updatedAt': 'Recently updated',
  updatedAt: 'Least recently updated',
} as const;

/** Certificate template page orientation (the sandbox's OpenAPI document). */
export const ORIENTATION_LABELS = {
  landscape: 'Landscape',
  portrait: 'Portrait',
} as const;

/** What a bulk import creates (spec 4.4), by target and event kind. */
export const BULK_IMPORT_LABELS = {
  courseGroup: {
    webinar: 'Webinar course groups',
    inPersonEvent: 'In-person event course groups',
  },
  session: {
    webinar: 'Webinar sessions',
    inPersonEvent: 'In-person event sessions',
  },
} as const;

/** Video provider of a video's asset id (spec 2.4). */
export const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  '<provider_default>': 'Default video provider',
  '<provider_alt>': 'Alternate video provider',
};

export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  courseAction: 'Course activity',
  courseEnrollment: 'Course enrollment',
  courseCompletion: 'Course completion',
  courseCertificate: 'Certificate',
  learningPathAction: 'Learning path activity',
  learningPathEnrollment: 'Learning path enrollment',
  quizAttempt: 'Quiz attempt',
  assignmentSubmission: 'Assignment submission',
};

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** The file a background job's upload fetches (spec 2.8). */
export const UPLOAD_TYPE_LABELS: Record<ContentUploadType, string> = {
  scorm: 'SCORM package',
  xapi: 'xAPI package',
  video: 'Video',
  audio: 'Audio',
  pdf: 'PDF',
  image: 'Image',
};

/** The console's own roles (the console server's, not the Content API's). */
export { ROLE_LABELS } from './role-labels.ts';

/**
 * How a user signed in (an audit row's `signedInWith`), in words: the learning platform's password, or
 * the identity provider by its name (`LECTERN_OIDC_NAME`, from `/api/meta`; unknown once it is removed).
 */
export function signInMethodLabel(method: SignInMethod, providerName: string | null): string {
  return method === 'identityProvider'
    ? (providerName ?? 'the identity provider')
    : 'learning-platform password';
}

/** Labels of the enum fields forms show as a choice, by field name. */
const FIELD_OPTION_LABELS: Record<string, Record<string, string>> = {
  status: STATUS_LABELS,
  openType: OPEN_TYPE_LABELS,
  assetType: ASSET_TYPE_LABELS,
  kind: KIND_LABELS,
  type: TOPIC_TYPE_LABELS,
};

/** The word for a value read from the API, which may be newer than this list: unknown ones as sent. */
export function labelFor(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}

/**
 * A course group's content type in words. Content types are the instance's own slugs (its company
 * configuration names them; the API lists no names): the usual ones have words here, any other slug
 * is spelled out from its camelCase ("onlineWorkshop" -> "Online workshop").
 */
const CONTENT_TYPE_WORDS: Readonly<Record<string, string>> = {
  course: 'Course',
  microCourse: 'Micro-course',
  article: 'Article',
  video: 'Video',
  scorm: 'SCORM package',
  xApi: 'xAPI object',
  webinar: 'Webinar',
  inPersonEvent: 'In-person event',
};

export function contentTypeLabel(slug: string): string {
  const known = CONTENT_TYPE_WORDS[slug];
  if (known) return known;
  const words = slug
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : slug;
}

/** The word for one choice of an enum field; the wire value when the field has no labels. */
export function optionLabel(field: string, value: string): string {
  const labels = FIELD_OPTION_LABELS[field];
  return labels ? labelFor(labels, value) : value;
}

/** What an audit record says a call touched (the console server's `subjects`). */
export const AUDIT_SUBJECT_LABELS = {
  courseGroup: 'Course group',
  course: 'Course',
  learningPath: 'Learning path',
} as const;

/**
 * Words for the Content API's field names where the console shows them (form labels, problem lists,
 * conflicts): `priceInCents` is "Price", `sku` is "SKU". A field not listed is shown by splitting its
 * camelCase name (`fieldLabel`).
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  kind: 'Kind',
  description: 'Description',
  source: 'Source',
  contentType: 'Content type',
  sku: 'SKU',
  isbn: 'ISBN',
  slug: 'URL slug',
  enrollmentStartDate: 'Enrollment opens',
  enrollmentEndDate: 'Enrollment closes',
  courseStartDate: 'Course starts',
  courseEndDate: 'Course ends',
  gracePeriodEndDate: 'Grace period ends',
  priceInCents: 'Price',
  freeWithRegistration: 'Free with registration',
  purchasable: 'Can be purchased',
  enrollmentLimit: 'Enrollment limit',
  availableToPublic: 'Available without signing in',
  discussionsEnabled: 'Discussions',
  forceLinearProgress: 'Learners go through it in order',
  showProgress: 'Show progress to learners',
  asset: 'Card image URL',
  assetAltText: 'Card image alt text',
  detailAsset: 'Detail image URL',
  detailAssetAltText: 'Detail image alt text',
  ribbon: 'Ribbon',
  metaTitle: 'Meta title',
  metaDescription: 'Meta description',
  status: 'Status',
  futurePublishDate: 'Publish automatically on',
  publishDate: 'Catalog date',
  archived: 'Archived',
  tagIds: 'Tags',
  authors: 'Authors',
  customFields: 'Custom fields',
  sessionCustomFields: 'Session custom fields',
  prerequisiteCourseIds: 'Prerequisite courses',
  prerequisiteLearningPathIds: 'Prerequisite learning paths',
  relatedCourseGroupIds: 'Related course groups',
  releaseDate: 'Release date',
  openType: 'Who can open it',
  type: 'Topic type',
  body: 'Body',
  languages: 'Language variants',
  preTextBlock: 'Text before the content',
  postTextBlock: 'Text after the content',
  width: 'Width (pixels)',
  height: 'Height (pixels)',
  embeddedEnabled: 'Show embedded',
  fullscreenEmbed: 'Full-screen embed',
  preventProgression: 'Must be completed before moving on',
  resetSessionAfterComplete: 'Reset the session after completion',
  caption: 'Caption',
  searchDisabled: 'Hidden from search',
  printDisabled: 'Printing disabled',
  fileDownloadDisabled: 'Downloads disabled',
  scormUrl: 'Package URL',
  scoTitle: 'SCO title',
  objectType: 'Object type',
  courseCompletionCriteria: 'Completion criterion',
  pdfUrl: 'PDF URL',
  videoUrl: 'Video URL',
  videoAsset: 'Video asset ID',
  assetType: 'Video provider',
  preAsset: 'Pre-roll asset ID',
  postAsset: 'Post-roll asset ID',
  posterImageAsset: 'Poster image URL',
  audioUrl: 'Audio URL',
  language: 'Language code',
  label: 'Label',
  subtitle: 'Subtitle',
  copyright: 'Copyright',
  externalUrl: 'External link URL',
  externalUrlCallToAction: 'External link text',
  coursePercentViewed: 'Share of pages viewed (%)',
  articlePercentViewed: 'Share of the page viewed (%)',
  videoPercentViewed: 'Share of the video viewed (%)',
  articleTimeViewedInSeconds: 'Time on the page (seconds)',
  videoTopicId: 'Video topic',
  topicId: 'Topic',
};

/** The word for an API field name: `FIELD_LABELS`, else `enrollmentLimit` -> "Enrollment limit". */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a content-bearing topic type is filled with through the API (spec 2.4), in words. */
export const TOPIC_CONTENT_LABELS: Readonly<Partial<Record<TopicType, string>>> = {
  text: 'its body',
  article: 'its body or its language variants',
  video: 'a video URL or a video asset ID',
  audio: 'an audio URL',
  shareableContentObject: 'a package URL, fetched in the background',
  xApiObject: 'a package URL, fetched in the background',
  pdfViewer: 'a PDF URL, fetched in the background',
  embed: 'a body holding an embedded frame',
  discussionBoard: 'nothing: a working discussion page is created',
};
