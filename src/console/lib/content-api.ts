// Typed functions for the Content API endpoints the console uses, through the console server's proxy
// (`/api/v2/...` -> `/incoming/v2/...`). Every success body is parsed with the contract's schema, and
// an update's `backgroundJob` is handed to the jobs tray (job-handoff.ts).
import type { ENDPOINTS } from '#contract/endpoints.ts';
import type { ContentSearchType, CourseGroupKind } from '#contract/enums.ts';
import { Job } from '#contract/schemas/background-job.ts';
import {
  UpdateCoursesResponse,
  type UpdateCourseAttributes,
} from '#contract/schemas/course-update.ts';
import {
  ContentSearchPage,
  Course,
  CourseGroup,
  CourseGroupList,
  CourseList,
  CourseStructure,
  LearningPathMilestones,
} from '#contract/schemas/read-models.ts';
import { ReleaseContentResponse, type ReleaseContentRequest } from '#contract/schemas/release.ts';
import type { z } from 'zod';
import { apiClient } from './api.ts';
import { handOffBackgroundJob } from './job-handoff.ts';

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
): Promise<z.output<typeof UpdateCoursesResponse>> {
  const result = await apiClient.request(apiPath('PUT', '/content/course/update'), {
    method: 'PUT',
    body: { courseAttributes },
    schema: UpdateCoursesResponse,
    signal,
  });
  handOffBackgroundJob(result);
  return result;
}
