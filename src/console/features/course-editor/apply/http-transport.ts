// The compiler's transport over the console's API client (`/api/v2/...` through the console server).
// The client throws ApiError for non-2xx answers; the executor wants the status and the messages, so
// they are turned back into a response. Network failures stay thrown: the executor treats them as an
// interruption and settles the step by re-reading when it resumes.
import { z } from '#contract/zod.ts';
import {
  matchCreatedGroups,
  type Transport,
  type TransportResponse,
  type WireRequest,
} from '#compiler/index.ts';
import { LIMITS } from '#contract/limits.ts';
import { apiClient } from '../../../lib/api.ts';
import { isApiError } from '../../../lib/api-error.ts';
import {
  API_BASE,
  getCourseGroup,
  getCourseStructure,
  listCourseGroups,
} from '../../../lib/content-api.ts';

const AnyBody = z.unknown();

export interface HttpTransportOptions {
  signal?: AbortSignal;
  /**
   * Called with every successful answer as soon as it arrives, so the jobs tray follows a background
   * job even if the run stops (or the tab closes) before the plan ends.
   */
  onAnswer?(request: WireRequest, body: unknown): void;
}

export function createHttpTransport({ signal, onAnswer }: HttpTransportOptions = {}): Transport {
  return {
    async send(request): Promise<TransportResponse> {
      try {
        const body = await apiClient.request(`${API_BASE}${request.path}`, {
          method: request.method,
          body: request.body,
          schema: AnyBody,
          signal,
        });
        onAnswer?.(request, body);
        return { status: 200, body };
      } catch (error) {
        if (!isApiError(error) || error.status === null) throw error;
        if (error.kind === 'unavailable') throw error;
        return { status: error.status, body: { errors: [...error.messages] } };
      }
    },
    readStructure: (courseId) => getCourseStructure(courseId, signal),
    // A create sent without an answer: look for groups of the same title and kind made since
    // (the list has no creation dates, so matching titles are read one by one).
    async findCreated(step, sentAt) {
      const wanted = new Set(step.body.courseAttributes.map((c) => `${c.kind}|${c.title}`));
      const kinds = [...new Set(step.body.courseAttributes.map((course) => course.kind))];
      const pages = await Promise.all(
        kinds.map((kind) => listCourseGroups({ kind, perPage: LIMITS.maxPerPage }, signal)),
      );
      const matching = pages
        .flatMap((page) => page.courseGroups)
        .filter((group) => wanted.has(`${group.kind}|${group.title}`));
      const groups = await Promise.all(matching.map((group) => getCourseGroup(group.id, signal)));
      return matchCreatedGroups(step, sentAt, groups);
    },
  };
}
