// Review before publishing: content managers and admins ask; admins approve or decline (publishing/).
import type { FastifyInstance } from 'fastify';
import {
  approvePublishRequest,
  countPendingReviews,
  createPublishRequest,
  declinePublishRequest,
  listPublishRequests,
} from '#contract/console/reviews.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';

export function registerReviewsRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(listPublishRequests, {
    handler: ({ query, session }) => deps.reviews.list(query.view, session, query.mine),
  });

  route(countPendingReviews, { handler: () => deps.reviews.countPending() });

  route(createPublishRequest, {
    audit: {
      describe: ({ body }) => ({
        summary: `request publishing of course ${body.target.courseId} “${body.target.title}”`,
      }),
    },
    handler: async ({ body, session, audit }) => {
      audit.subjects = [{ type: 'course', id: body.target.courseId, title: body.target.title }];
      return deps.reviews.create(body, session.email);
    },
  });

  route(approvePublishRequest, {
    audit: { describe: ({ params }) => ({ summary: `approve publish request ${params.id}` }) },
    handler: async ({ params, body, session, audit }) => {
      const request = await deps.reviews.approve(params.id, session, body.comment ?? null);
      audit.summary = `approve publishing of course ${request.target.courseId} “${request.target.title}” asked by ${request.requestedBy}: ${request.outcome ?? ''}`;
      audit.subjects = [
        { type: 'course', id: request.target.courseId, title: request.target.title },
      ];
      return request;
    },
  });

  route(declinePublishRequest, {
    audit: { describe: ({ params }) => ({ summary: `decline publish request ${params.id}` }) },
    handler: async ({ params, body, session, audit }) => {
      const request = await deps.reviews.decline(params.id, session, body.comment);
      audit.summary = `decline publishing of course ${request.target.courseId} “${request.target.title}” asked by ${request.requestedBy}`;
      audit.subjects = [
        { type: 'course', id: request.target.courseId, title: request.target.title },
      ];
      return request;
    },
  });
}
