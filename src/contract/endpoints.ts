// Every REST endpoint of spec section 4, as data. The OpenAPI document is generated from this table,
// the sandbox registers these routes, and the console server's proxy allowlist is derived from it.
import { z } from './zod.ts';
import { ContentSearchType, EventKind, FullContentType, Permission } from './enums.ts';
import { Uuid } from './primitives.ts';
import { READ_MESSAGES } from './messages.ts';
import { LANGUAGE_CODE_PATTERN } from './primitives.ts';
import { CreateCoursesRequest, CreateCoursesResponse } from './schemas/course-create.ts';
import { UpdateCoursesRequest, UpdateCoursesResponse } from './schemas/course-update.ts';
import { Job } from './schemas/background-job.ts';
import { BooleanQueryParam, PageQuery } from './schemas/pagination.ts';
import { EventFeedQuery, EventPage } from './schemas/events.ts';
import { FullContent } from './schemas/full-content.ts';
import { MeetingPage } from './schemas/meetings.ts';
import {
  CompletionCriteriaList,
  ContentBody,
  ContentSearchPage,
  ContentSearchQuery,
  Course,
  CourseGroup,
  CourseGroupList,
  CourseGroupListQuery,
  CourseList,
  CourseStructure,
  LearningPathMilestones,
  LessonPage,
  LessonRecord,
  SectionPage,
  SectionRecord,
  TagPage,
  TopicPage,
  TopicRecord,
  TranslationUploadResult,
  UserPage,
} from './schemas/read-models.ts';
import {
  BulkImportRequest,
  BulkImportResponse,
  BulkUpdatePricesRequest,
  BulkUpdatePricesResponse,
  CertificateTemplateList,
  CertificateTemplatesBulkRequest,
  CertificateTemplatesBulkUpdateRequest,
  CompletionCriteriaBulkRequest,
  CompletionCriteriaBulkUpdateRequest,
  ReleaseContentRequest,
  ReleaseContentResponse,
} from './schemas/release.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  operationId: string;
  method: HttpMethod;
  /** Relative to `/incoming/v2`, OpenAPI style (`{id}`). */
  path: string;
  summary: string;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  /** JSON body schema, or 'xml' for the translation upload. */
  body?: z.ZodMiniType | 'xml';
  /** Success response: a JSON schema, or 'xml' for the translation download. */
  response: z.ZodMiniType | 'xml';
  successStatus?: number;
  permission?: Permission;
  throttled?: boolean;
}

const id = z.object({ id: Uuid });
const typeAndId = z.object({ type: ContentSearchType, id: Uuid });

export const ENDPOINTS = [
  {
    operationId: 'createCourses',
    method: 'POST',
    path: '/content/course/create',
    summary: 'Create courses (one group and one session per entry) with their whole hierarchy.',
    body: CreateCoursesRequest,
    response: CreateCoursesResponse,
    permission: 'courses.new',
  },
  {
    operationId: 'updateCourses',
    method: 'PUT',
    path: '/content/course/update',
    summary: 'Update or create course groups, courses, sections, lessons and topics.',
    body: UpdateCoursesRequest,
    response: UpdateCoursesResponse,
    permission: 'courses.edit',
  },
  {
    operationId: 'listCourseGroups',
    method: 'GET',
    path: '/courseGroups',
    summary: 'List course groups (cursor-paginated).',
    query: CourseGroupListQuery,
    response: CourseGroupList,
  },
  {
    operationId: 'getCourseGroupBySlug',
    method: 'GET',
    path: '/courseGroups/slug/{slug}',
    summary: 'One course group by slug.',
    params: z.object({ slug: z.string().check(z.minLength(1)) }),
    response: CourseGroup,
  },
  {
    operationId: 'getCourseGroup',
    method: 'GET',
    path: '/courseGroups/{id}',
    summary: 'One course group.',
    params: id,
    response: CourseGroup,
  },
  {
    operationId: 'listCourseGroupCourses',
    method: 'GET',
    path: '/courseGroups/{id}/courses',
    summary: 'Courses (sessions) of a group.',
    params: id,
    query: z.object({ activeOnly: z.optional(BooleanQueryParam) }),
    response: CourseList,
  },
  {
    operationId: 'getDisplayCourse',
    method: 'GET',
    path: '/courseGroups/{id}/displayCourse',
    summary: 'The display (default) course of a group.',
    params: id,
    response: Course,
  },
  {
    operationId: 'getCourseStructure',
    method: 'GET',
    path: '/courses/{courseId}/structure',
    summary: 'Sections, lessons, topics and completion criteria in one tree.',
    params: z.object({ courseId: Uuid }),
    response: CourseStructure,
  },
  {
    operationId: 'listCourseSections',
    method: 'GET',
    path: '/courses/{courseId}/sections',
    summary: 'Sections of a course.',
    params: z.object({ courseId: Uuid }),
    query: PageQuery,
    response: SectionPage,
  },
  {
    operationId: 'listCourseLessons',
    method: 'GET',
    path: '/courses/{courseId}/lessons',
    summary: 'All lessons of a course, flattened.',
    params: z.object({ courseId: Uuid }),
    query: PageQuery,
    response: LessonPage,
  },
  {
    operationId: 'listCourseCompletionCriteria',
    method: 'GET',
    path: '/courses/{courseId}/completionCriteria',
    summary: 'Completion criteria of a course.',
    params: z.object({ courseId: Uuid }),
    response: CompletionCriteriaList,
  },
  {
    operationId: 'listSectionLessons',
    method: 'GET',
    path: '/sections/{sectionId}/lessons',
    summary: 'Lessons of a section.',
    params: z.object({ sectionId: Uuid }),
    query: PageQuery,
    response: LessonPage,
  },
  {
    operationId: 'getSection',
    method: 'GET',
    path: '/sections/{id}',
    summary: 'One section.',
    params: id,
    response: SectionRecord,
  },
  {
    operationId: 'getLesson',
    method: 'GET',
    path: '/lessons/{id}',
    summary: 'One lesson.',
    params: id,
    response: LessonRecord,
  },
  {
    operationId: 'listCourseTopics',
    method: 'GET',
    path: '/topics/course/{courseId}',
    summary: 'Topics of a course.',
    params: z.object({ courseId: Uuid }),
    query: PageQuery,
    response: TopicPage,
  },
  {
    operationId: 'listLessonTopics',
    method: 'GET',
    path: '/topics/lesson/{lessonId}',
    summary: 'Topics of a lesson.',
    params: z.object({ lessonId: Uuid }),
    query: PageQuery,
    response: TopicPage,
  },
  {
    operationId: 'getTopic',
    method: 'GET',
    path: '/topics/{id}',
    summary: 'One topic.',
    params: id,
    response: TopicRecord,
  },
  {
    operationId: 'searchContent',
    method: 'GET',
    path: '/content',
    summary: 'Search content items by `types[]` and `query`.',
    query: z.extend(ContentSearchQuery, {
      'types[]': z.optional(z.union([ContentSearchType, z.array(ContentSearchType)])),
    }),
    response: ContentSearchPage,
  },
  {
    operationId: 'getContent',
    method: 'GET',
    path: '/content/{type}/{id}',
    summary: "One item's body.",
    params: typeAndId,
    response: ContentBody,
  },
  {
    operationId: 'getFullContent',
    method: 'GET',
    path: '/fullContent/{type}/{id}',
    summary: 'Full indexed content (courses and learning paths only).',
    params: z.object({ type: FullContentType, id: Uuid }),
    response: FullContent,
  },
  {
    operationId: 'downloadTranslation',
    method: 'GET',
    path: '/content/{type}/{id}.xlf',
    summary:
      'Download an XLIFF 1.2 translation file (title, description; for courses also section, lesson and topic titles and topic bodies). With `language`, stored targets of that language are included.',
    params: typeAndId,
    query: z.object({
      language: z.optional(
        z.string().check(z.regex(LANGUAGE_CODE_PATTERN, READ_MESSAGES.languageInvalid)),
      ),
    }),
    response: 'xml',
  },
  {
    operationId: 'uploadTranslation',
    method: 'PUT',
    path: '/content/{type}/{id}.xlf',
    summary:
      'Upload an XLIFF 1.2 translation file (`Content-Type: text/xml`). `<file target-language>` is required; every `<trans-unit id>` must be a unit of the downloaded file. Returns the unit ids stored.',
    params: typeAndId,
    body: 'xml',
    response: TranslationUploadResult,
    permission: 'courses.edit',
  },
  {
    operationId: 'releaseContent',
    method: 'PUT',
    path: '/content/{id}/releaseContent',
    summary: 'Publish or unpublish a course or learning path.',
    params: id,
    body: ReleaseContentRequest,
    response: ReleaseContentResponse,
    permission: 'courses.edit',
  },
  {
    operationId: 'bulkUpdatePrices',
    method: 'POST',
    path: '/content/bulkUpdatePrices',
    summary: 'Bulk price update (at most 1000 items).',
    body: BulkUpdatePricesRequest,
    response: BulkUpdatePricesResponse,
    permission: 'courses.edit',
  },
  {
    operationId: 'bulkCreateCompletionCriteria',
    method: 'POST',
    path: '/content/completion-criteria/bulk',
    summary: 'Bulk create completion criteria.',
    body: CompletionCriteriaBulkRequest,
    response: CompletionCriteriaList,
    permission: 'courses.edit',
  },
  {
    operationId: 'bulkUpdateCompletionCriteria',
    method: 'POST',
    path: '/content/completion-criteria/bulk/update',
    summary: 'Bulk update completion criteria.',
    body: CompletionCriteriaBulkUpdateRequest,
    response: CompletionCriteriaList,
    permission: 'courses.edit',
  },
  {
    operationId: 'bulkCreateCertificateTemplates',
    method: 'POST',
    path: '/content/certificate-templates/bulk',
    summary: 'Bulk create certificate templates.',
    body: CertificateTemplatesBulkRequest,
    response: CertificateTemplateList,
    permission: 'courses.edit',
  },
  {
    operationId: 'bulkUpdateCertificateTemplates',
    method: 'POST',
    path: '/content/certificate-templates/bulk/update',
    summary: 'Bulk update certificate templates.',
    body: CertificateTemplatesBulkUpdateRequest,
    response: CertificateTemplateList,
    permission: 'courses.edit',
  },
  {
    operationId: 'bulkImportWebinarSessions',
    method: 'POST',
    path: '/content/session/webinar/bulk',
    summary: 'Bulk import webinar sessions (background job).',
    body: BulkImportRequest,
    response: BulkImportResponse,
    permission: 'courses.new',
  },
  {
    operationId: 'bulkImportInPersonEventSessions',
    method: 'POST',
    path: '/content/session/inPersonEvent/bulk',
    summary: 'Bulk import in-person-event sessions (background job).',
    body: BulkImportRequest,
    response: BulkImportResponse,
    permission: 'courses.new',
  },
  {
    operationId: 'bulkImportWebinarCourseGroups',
    method: 'POST',
    path: '/content/courseGroup/webinar/bulk',
    summary: 'Bulk import webinar course groups (background job).',
    body: BulkImportRequest,
    response: BulkImportResponse,
    permission: 'courses.new',
  },
  {
    operationId: 'bulkImportInPersonEventCourseGroups',
    method: 'POST',
    path: '/content/courseGroup/inPersonEvent/bulk',
    summary: 'Bulk import in-person-event course groups (background job).',
    body: BulkImportRequest,
    response: BulkImportResponse,
    permission: 'courses.new',
  },
  {
    operationId: 'getJob',
    method: 'GET',
    path: '/jobs/{id}',
    summary: 'Poll a background job.',
    params: z.object({ id: z.string().check(z.minLength(1)) }),
    response: Job,
  },
  {
    operationId: 'listTags',
    method: 'GET',
    path: '/tags',
    summary: 'List tags (the source of valid tagIds).',
    query: PageQuery,
    response: TagPage,
  },
  {
    operationId: 'getLearningPathMilestones',
    method: 'GET',
    path: '/learningPathMilestones',
    summary: 'Milestones and their courses, by learningPathId or learningPathSku.',
    query: z.object({
      learningPathId: z.optional(Uuid),
      learningPathSku: z.optional(z.string().check(z.minLength(1))),
    }),
    response: LearningPathMilestones,
  },
  {
    operationId: 'listUsers',
    method: 'GET',
    path: '/users',
    summary: 'List users (throttled).',
    query: PageQuery,
    response: UserPage,
    throttled: true,
  },
  {
    operationId: 'listMeetings',
    method: 'GET',
    path: '/meetings',
    summary: 'List meetings (throttled).',
    query: PageQuery,
    response: MeetingPage,
    throttled: true,
  },
  {
    operationId: 'listEvents',
    method: 'GET',
    path: '/events/{kind}',
    summary: 'Poll the event feed of one kind (throttled).',
    params: z.object({ kind: EventKind }),
    query: EventFeedQuery,
    response: EventPage,
    throttled: true,
  },
] as const satisfies readonly Endpoint[];

export const API_PREFIX = '/incoming/v2';
