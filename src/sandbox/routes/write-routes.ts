// The write endpoints: create (4.1), update (4.2), releaseContent and job polling (4.4).
// Create and update take the raw body: their validation order (plain-text pre-checks first) is
// the spec's, so the generic body parsing of defineRoute would answer too early.
import type { FastifyInstance } from 'fastify';
import type { SandboxDeps } from '../deps.ts';
import { companyOf } from '../plugins/auth.ts';
import { createCourseCreationService } from '../services/write/course-creation-service.ts';
import { createJobService } from '../services/jobs/job-service.ts';
import { createReleaseService } from '../services/write/release-service.ts';
import { createCourseUpdateService } from '../services/write/course-update-service.ts';
import { defineRoute, endpointOf, fastifyPath } from './define-route.ts';

export function registerWriteRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  const jobs = createJobService(deps);
  const creation = createCourseCreationService(deps, jobs);
  const updates = createCourseUpdateService(deps, jobs);
  const releases = createReleaseService(deps);

  const create = endpointOf('createCourses');
  app.post(
    fastifyPath(create.path),
    { config: { permission: create.permission } },
    async (request, reply) => {
      const outcome = creation.createCourses(companyOf(request), request.body);
      // Over the pending-job limit the courses exist but their files were not queued (spec 7.2):
      // 400 with the message, plus the ids so the client can resend the file fields by update.
      if (!outcome.ok) return reply.code(400).send({ errors: outcome.errors, ...outcome.response });
      return outcome.response;
    },
  );

  const update = endpointOf('updateCourses');
  app.put(
    fastifyPath(update.path),
    { config: { permission: update.permission } },
    async (request, reply) => {
      const outcome = updates.updateCourses(companyOf(request), request.body);
      if (!outcome.ok) return reply.code(400).send({ errors: outcome.errors });
      // `true` must go out as JSON, not as an empty or text body.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(outcome.response));
    },
  );

  defineRoute(app, 'releaseContent', ({ companyId, params, body }) =>
    releases.releaseContent(companyId, params.id, body),
  );
  defineRoute(app, 'getJob', ({ companyId, params }) => jobs.find(companyId, params.id));
}
