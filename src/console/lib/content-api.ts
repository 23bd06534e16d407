// Typed functions for the Content API endpoints the console uses, through the console server's proxy
// (`/api/v2/...` -> `/incoming/v2/...`). Every success body is parsed with the contract's schema, and
// an update's `backgroundJob` is handed to the jobs tray (job-handoff.ts).
import type { ENDPOINTS } from '#contract/endpoints.ts';
import type { ContentSearchType, CourseGroupKind, FULL_CONTENT_TYPES } from '#contract/enums.ts';
import { Job } from '#contract/schemas/background-job.ts';
import type { BulkImportEventKind } from '#contract/schemas/bulk-import.ts';
import { FullContent } from '#contract/schemas/full-content.ts';
import {
  UpdateCoursesResponse,
  type UpdateCourseAttributes,
} from '#contract/schemas/course-update.ts';
import {
  CompletionCriteriaList,
  ContentBody,
  ContentSearchPage,
  Course,
  CourseGroup,
  CourseGroupList,
  CourseList,
  CourseStructure,
  LearningPathMilestones,
  TopicRecord,
  TranslationUploadResult,
  UserPage,
} from '#contract/schemas/read-models.ts';
import {
  BulkImportResponse,
  BulkUpdatePricesResponse,
  CertificateTemplateList,
  ReleaseContentResponse,
  type CertificateTemplateCreate,
  type CertificateTemplateUpdate,
  type CompletionCriterionCreate,
  type CompletionCriterionUpdate,
  type ReleaseContentRequest,
} from '#contract/schemas/release.ts';
import { z } from '#contract/zod.ts';
import { apiClient } from './api.ts';
import { handOffBackgroundJob } from './job-handoff.ts';
import type { JobResult } from './jobs-store.ts';

type Endpoint = (typeof ENDPOINTS)[number];
/** Only paths of the contract's endpoint table compile here. */
type EndpointPath<M extends Endpoint['method']> = Extract<Endpoint, { method: M }>['path'];

export const API_BASE = '/api/v2';

function apiPath<M extends Endpoint['method']>(
  _method: M,
  template: EndpointPath<M>,
  params: Record<string, string> = {},
): string {
  return (
    API_BASE +
    template.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
      return encodeURIComponent(value);
    })
  );
}

export interface CourseGroupListParams {
  kind?: CourseGroupKind | undefined;
  isTemplate?: boolean | undefined;
  archived?: boolean | undefined;
  perPage?: number | undefined;
  cursor?: string | undefined;
}

export const listCourseGroups = (params: CourseGroupListParams, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/courseGroups'), {
    query: { ...params },
    schema: CourseGroupList,
    signal,
  });

export interface ContentSearchParams {
  types: readonly ContentSearchType[];
  query?: string | undefined;
  sort?: 'title' | '-title' | 'updatedAt' | '-updatedAt' | undefined;
  perPage?: number | undefined;
  cursor?: string | undefined;
}

export const searchContent = ({ types, ...params }: ContentSearchParams, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/content'), {
    query: { 'types[]': types, ...params },
    schema: ContentSearchPage,
    signal,
  });

export const getCourseGroup = (id: string, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/courseGroups/{id}', { id }), { schema: CourseGroup, signal });

export const getCourseGroupBySlug = (slug: string, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/courseGroups/slug/{slug}', { slug }), {
    schema: CourseGroup,
    signal,
  });

export const listGroupCourses = (id: string, activeOnly: boolean, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/courseGroups/{id}/courses', { id }), {
    query: { activeOnly: activeOnly || undefined },
    schema: CourseList,
    signal,
  });

export const getDisplayCourse = (id: string, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/courseGroups/{id}/displayCourse', { id }), {
    schema: Course,
    signal,
  });

export const getCourseStructure = (courseId: string, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/courses/{courseId}/structure', { courseId }), {
    schema: CourseStructure,
    signal,
  });

export const getLearningPath = (learningPathId: string, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/learningPathMilestones'), {
    query: { learningPathId },
    schema: LearningPathMilestones,
    signal,
  });

export const getTopic = (id: string, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/topics/{id}', { id }), { schema: TopicRecord, signal });

export const getLearningPathBySku = (learningPathSku: string, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/learningPathMilestones'), {
    query: { learningPathSku },
    schema: LearningPathMilestones,
    signal,
  });

export const getContentBody = (type: ContentSearchType, id: string, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/content/{type}/{id}', { type, id }), {
    schema: ContentBody,
    signal,
  });

export type FullContentType = (typeof FULL_CONTENT_TYPES)[number];

export const getFullContent = (type: FullContentType, id: string, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/fullContent/{type}/{id}', { type, id }), {
    schema: FullContent,
    signal,
  });

export const listCompletionCriteria = (courseId: string, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/courses/{courseId}/completionCriteria', { courseId }), {
    schema: CompletionCriteriaList,
    signal,
  });

export const listUsers = (
  params: { perPage?: number | undefined; cursor?: string | undefined },
  signal?: AbortSignal,
) =>
  apiClient.request(apiPath('GET', '/users'), { query: { ...params }, schema: UserPage, signal });

/** The XLIFF file of an item; with `language`, the translations stored for it are filled in. */
export const downloadTranslation = (
  type: ContentSearchType,
  id: string,
  language?: string,
  signal?: AbortSignal,
) =>
  apiClient.request(apiPath('GET', '/content/{type}/{id}.xlf', { type, id }), {
    query: { language },
    schema: z.string(),
    responseAs: 'text',
    signal,
  });

export const uploadTranslation = (type: ContentSearchType, id: string, xml: string) =>
  apiClient.request(apiPath('PUT', '/content/{type}/{id}.xlf', { type, id }), {
    method: 'PUT',
    xml,
    schema: TranslationUploadResult,
  });

export type BulkImportTarget = 'session' | 'courseGroup';

const BULK_IMPORT_PATHS = {
  session: {
    webinar: '/content/session/webinar/bulk',
    inPersonEvent: '/content/session/inPersonEvent/bulk',
  },
  courseGroup: {
    webinar: '/content/courseGroup/webinar/bulk',
    inPersonEvent: '/content/courseGroup/inPersonEvent/bulk',
  },
} as const satisfies Record<BulkImportTarget, Record<BulkImportEventKind, EndpointPath<'POST'>>>;

/** Queues a bulk import; the job is handed to the jobs tray under `label`. */
export async function startBulkImport(
  target: BulkImportTarget,
  eventKind: BulkImportEventKind,
  bulkImportAssetPath: string,
  label: string,
) {
  const result = await apiClient.request(apiPath('POST', BULK_IMPORT_PATHS[target][eventKind]), {
    method: 'POST',
    body: { bulkImportAssetPath },
    schema: BulkImportResponse,
  });
  handOffBackgroundJob(result, undefined, label);
  return result;
}

export const bulkUpdatePrices = (
  items: readonly { courseId: string; priceInCents: number }[],
  signal?: AbortSignal,
) =>
  apiClient.request(apiPath('POST', '/content/bulkUpdatePrices'), {
    method: 'POST',
    body: { items },
    schema: BulkUpdatePricesResponse,
    signal,
  });

export const bulkCreateCompletionCriteria = (
  items: readonly z.input<typeof CompletionCriterionCreate>[],
  signal?: AbortSignal,
) =>
  apiClient.request(apiPath('POST', '/content/completion-criteria/bulk'), {
    method: 'POST',
    body: { items },
    schema: CompletionCriteriaList,
    signal,
  });

export const bulkUpdateCompletionCriteria = (
  items: readonly z.input<typeof CompletionCriterionUpdate>[],
  signal?: AbortSignal,
) =>
  apiClient.request(apiPath('POST', '/content/completion-criteria/bulk/update'), {
    method: 'POST',
    body: { items },
    schema: CompletionCriteriaList,
    signal,
  });

export const bulkCreateCertificateTemplates = (
  items: readonly z.input<typeof CertificateTemplateCreate>[],
  signal?: AbortSignal,
) =>
  apiClient.request(apiPath('POST', '/content/certificate-templates/bulk'), {
    method: 'POST',
    body: { items },
    schema: CertificateTemplateList,
    signal,
  });

export const bulkUpdateCertificateTemplates = (
  items: readonly z.input<typeof CertificateTemplateUpdate>[],
  signal?: AbortSignal,
) =>
  apiClient.request(apiPath('POST', '/content/certificate-templates/bulk/update'), {
    method: 'POST',
    body: { items },
    schema: CertificateTemplateList,
    signal,
  });

export const getJob = (id: string, signal?: AbortSignal) =>
  apiClient.request(apiPath('GET', '/jobs/{id}', { id }), { schema: Job, signal });

export const releaseContent = (
  id: string,
  body: Pick<ReleaseContentRequest, 'kind' | 'action'>,
  signal?: AbortSignal,
) =>
  apiClient.request(apiPath('PUT', '/content/{id}/releaseContent', { id }), {
    method: 'PUT',
    body,
    schema: ReleaseContentResponse,
    signal,
  });

export async function updateCourses(
  courseAttributes: UpdateCourseAttributes,
  signal?: AbortSignal,
  /** The course or group a queued job belongs to, so the jobs tray can name it. */
  subject?: JobResult,
): Promise<z.output<typeof UpdateCoursesResponse>> {
  const result = await apiClient.request(apiPath('PUT', '/content/course/update'), {
    method: 'PUT',
    body: { courseAttributes },
    schema: UpdateCoursesResponse,
    signal,
  });
  handOffBackgroundJob(result, subject);
  return result;
}
