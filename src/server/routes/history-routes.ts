// Course history (every console role may read it): versions of a course, one version with both
// states, and two versions compared.
import type { FastifyInstance } from 'fastify';
import {
  compareCourseVersions,
  getCourseVersion,
  listCourseVersions,
} from '#contract/console/history.ts';
import type { ConsoleDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { consoleRoutes } from './console-route.ts';

const noVersion = (courseId: string, number: number) =>
  new ApiError(404, 'not_found', `Course ${courseId} has no version ${number}.`);

export function registerHistoryRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(listCourseVersions, {
    handler: ({ params, query }) =>
      deps.history.list(params.courseId, {
        limit: query.limit,
        ...(query.cursor !== undefined && { cursor: query.cursor }),
      }),
  });

  route(getCourseVersion, {
    handler: async ({ params }) => {
      const version = await deps.history.get(params.courseId, params.number);
      if (!version) throw noVersion(params.courseId, params.number);
      return version;
    },
  });

  route(compareCourseVersions, {
    handler: async ({ params, query }) => {
      const compared = await deps.history.compare(
        params.courseId,
        query.from,
        query.to,
        query.context,
      );
      if (!compared) {
        const missing = (await deps.history.has(params.courseId, query.from))
          ? query.to
          : query.from;
        throw noVersion(params.courseId, missing);
      }
      return compared;
    },
  });
}
