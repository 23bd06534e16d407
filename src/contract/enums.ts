// Enumerations of the Content API (spec 2.2, 2.4, 2.5, 2.6, 4.4, 6). Values are exact wire strings.
import { z } from './zod.ts';
import { COURSE_GROUP_KINDS, CONTENT_SEARCH_TYPES, EVENT_KINDS } from './enum-lists.ts';

export { COURSE_GROUP_KINDS, CONTENT_SEARCH_TYPES, EVENT_KINDS };

export const STATUSES = [
  'draft',
  'authoring',
  'published',
  'loginRestriction',
  'archived',
  'pending',
  'deleted',
] as const;
export const Status = z.enum(STATUSES);
export type Status = z.infer<typeof Status>;

/** Statuses an update may set on a course (spec 4.2). */
export const UPDATE_COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export const UpdateCourseStatus = z.enum(UPDATE_COURSE_STATUSES);

export const CourseGroupKind = z.enum(COURSE_GROUP_KINDS);
export type CourseGroupKind = z.infer<typeof CourseGroupKind>;

/** Kinds accepted by create (spec 2.2), in the order the API's message lists them. */
export const CREATE_KINDS = [
  'article',
  'video',
  'courseGroup',
  'microCourse',
  'shareableContentObject',
] as const;
export const CreateKind = z.enum(CREATE_KINDS);
export type CreateKind = z.infer<typeof CreateKind>;

export const OPEN_TYPES = ['studentsOnly', 'open', 'emailCaptureOpen'] as const;
export const OpenType = z.enum(OPEN_TYPES);
export type OpenType = z.infer<typeof OpenType>;

export const TOPIC_TYPES = [
  'ad',
  'article',
  'image',
  'slideshow',
  'presentation',
  'quiz',
  'test',
  'survey',
  'text',
  'video',
  'recipe',
  'assignment',
  'listRoll',
  'lti',
  'tally',
  'flipCardSet',
  'notebook',
  'highlightZoneSet',
  'shareableContentObject',
  'xApiObject',
  'audio',
  'matchPairSet',
  'highlightZoneQuiz',
  'socialShareCardSet',
  'surveyVendor',
  'discussionBoard',
  'embed',
  'workbook',
  'pdfViewer',
  'inPersonEvent',
  'meetingInfo',
  'vendorAssignment',
] as const;
export const TopicType = z.enum(TOPIC_TYPES);
export type TopicType = z.infer<typeof TopicType>;

/** Types whose content can be supplied through the API, and with what (spec 2.4). */
export const CONTENT_BEARING_TOPIC_TYPES = {
  text: 'body',
  article: 'body and/or languages',
  video: 'videoUrl or videoAsset',
  audio: 'audioUrl',
  shareableContentObject: 'scormUrl (background job)',
  xApiObject: 'scormUrl (background job)',
  pdfViewer: 'pdfUrl (background job)',
  embed: 'body containing an iframe',
  discussionBoard: 'nothing; a functional page is created',
} as const satisfies Partial<Record<TopicType, string>>;

/** Types created as empty shells and configured later in the authoring interface (spec 2.4). */
export const SHELL_TOPIC_TYPES = TOPIC_TYPES.filter(
  (type) => !(type in CONTENT_BEARING_TOPIC_TYPES),
) as readonly TopicType[];

export const ASSET_TYPES = ['<provider_default>', '<provider_alt>'] as const;
export const AssetType = z.enum(ASSET_TYPES);
export type AssetType = z.infer<typeof AssetType>;
export const DEFAULT_ASSET_TYPE: AssetType = '<provider_default>';
export const ALTERNATE_ASSET_TYPE: AssetType = '<provider_alt>';

export const VALUE_COMPLETION_CRITERIA = [
  'coursePercentViewed',
  'articlePercentViewed',
  'videoPercentViewed',
  'articleTimeViewedInSeconds',
] as const;
export const TOPIC_COMPLETION_CRITERIA = [
  'courseTopicViewed',
  'courseAssessmentPassed',
  'courseAssignmentComplete',
  'courseMeetingAttended',
  'scormComplete',
  'xApiComplete',
  'surveyVendorComplete',
  'vendorAssignmentCompleted',
  'proctoredTopicComplete',
  'videoTopicId',
] as const;
export const COMPLETION_CRITERIA_TYPES = [
  ...VALUE_COMPLETION_CRITERIA,
  ...TOPIC_COMPLETION_CRITERIA,
] as const;
export const CompletionCriteriaType = z.enum(COMPLETION_CRITERIA_TYPES);
export type CompletionCriteriaType = z.infer<typeof CompletionCriteriaType>;

export const ContentSearchType = z.enum(CONTENT_SEARCH_TYPES);
export type ContentSearchType = z.infer<typeof ContentSearchType>;

/** `/fullContent/{type}/{id}` accepts only these (spec 4.4). */
export const FULL_CONTENT_TYPES = ['courses', 'learningPaths'] as const;
export const FullContentType = z.enum(FULL_CONTENT_TYPES);

export const RELEASE_KINDS = ['course', 'learningPath'] as const;
export const ReleaseKind = z.enum(RELEASE_KINDS);
export const RELEASE_ACTIONS = ['release', 'unrelease'] as const;
export const ReleaseAction = z.enum(RELEASE_ACTIONS);

export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

export const CONTENT_UPLOAD_TYPES = ['scorm', 'xapi', 'video', 'audio', 'pdf', 'image'] as const;
export const ContentUploadType = z.enum(CONTENT_UPLOAD_TYPES);
export type ContentUploadType = z.infer<typeof ContentUploadType>;

export const EventKind = z.enum(EVENT_KINDS);
export type EventKind = z.infer<typeof EventKind>;

/** Permissions a permissioned API key can carry (spec 5.4). */
export const PERMISSIONS = ['courses.new', 'courses.edit'] as const;
export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;
