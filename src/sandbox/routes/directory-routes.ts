// Tags, users and learning path milestones (spec 4.4). Users never carry password hashes: the
// record mapper (toUser) has no such field. Throttling of /users is registered elsewhere.
import type { FastifyInstance } from 'fastify';
import type { ContentReadService } from '../services/read/content-read-service.ts';
import type { ReadContext } from '../services/read/read-context.ts';
import { toTag, toUser } from '../storage/records.ts';
import { defineRoute } from './define-route.ts';

export function registerDirectoryRoutes(
  app: FastifyInstance,
  { directory }: ReadContext,
  content: ContentReadService,
): void {
  defineRoute(app, 'listTags', ({ companyId, query }) => {
    const page = directory.tagsPage(companyId, query);
    return { pageInfo: page.pageInfo, tags: page.rows.map(toTag) };
  });
  defineRoute(app, 'listUsers', ({ companyId, query }) => {
    const page = directory.usersPage(companyId, query);
    return { pageInfo: page.pageInfo, users: page.rows.map(toUser) };
  });
  defineRoute(app, 'getLearningPathMilestones', ({ companyId, query }) =>
    content.learningPathMilestones(companyId, query),
  );
}
