// Tags, users and learning path milestones (spec 4.4), and the throttled meetings list (spec 8).
// Throttling of /users and /meetings is applied by plugins/throttle.ts (their endpoints are
// `throttled`).
import type { FastifyInstance } from 'fastify';
import type { ContentReadService } from '../services/read/content-read-service.ts';
import type { DirectoryReadService } from '../services/read/directory-read-service.ts';
import { defineRoute } from './define-route.ts';

export function registerDirectoryRoutes(
  app: FastifyInstance,
  directory: DirectoryReadService,
  content: ContentReadService,
): void {
  defineRoute(app, 'listTags', ({ companyId, query }) => directory.tags(companyId, query));
  defineRoute(app, 'listUsers', ({ companyId, query }) => directory.users(companyId, query));
  defineRoute(app, 'listMeetings', ({ companyId, query }) => directory.meetings(companyId, query));
  defineRoute(app, 'getLearningPathMilestones', ({ companyId, query }) =>
    content.learningPathMilestones(companyId, query),
  );
}
