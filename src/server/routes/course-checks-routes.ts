// The checks of a saved course (issue 24): 200 with the report, or 202 with the progress of the check
// now running (poll again with its version). Every console role may read them.
import type { FastifyInstance } from 'fastify';
import { getCourseChecks } from '#contract/console/course-checks.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';

export function registerCourseChecksRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(getCourseChecks, {
    handler: async ({ params, query, reply }) => {
      const answer = await deps.courseChecks.read(params.courseId, query);
      if (answer.state === 'running') reply.code(202).header('retry-after', '1');
      return answer;
    },
  });
}
