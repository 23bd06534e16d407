// Review before publishing: content managers and admins ask; admins approve or decline (publishing/).
import type { FastifyInstance } from 'fastify';
import type { AuditSubject } from '#contract/console/audit.ts';
import {
  approvePublishRequest,
  countPendingReviews,
  createPublishRequest,
  declinePublishRequest,
  listPublishRequests,
  type ReviewTarget,
} from '#contract/console/reviews.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';

/** What a request is for, in the audit summary: "course <id> “Title”" or "course group <id> “Title”". */
const targetWords = (target: ReviewTarget) =>
  target.type === 'group'
    ? `course group ${target.groupId} “${target.title}”`
    : `course ${target.courseId} “${target.title}”`;

const subjectOf = (target: ReviewTarget): AuditSubject =>
  target.type === 'group'
    ? { type: 'courseGroup', id: target.groupId, title: target.title }
    : { type: 'course', id: target.courseId, title: target.title };

export function registerReviewsRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(listPublishRequests, {
    handler: ({ query, session }) => deps.reviews.list(query.view, session, query.mine),
  });

  route(countPendingReviews, { handler: () => deps.reviews.countPending() });

  route(createPublishRequest, {
    audit: {
      describe: ({ body }) => ({ summary: `request publishing of ${targetWords(body.target)}` }),
    },
    handler: async ({ body, session, audit }) => {
      audit.subjects = [subjectOf(body.target)];
      const request = await deps.reviews.create(body, session.email);
      // Named as the instance has it (the request's record), not as the browser sent it.
      audit.summary = `request publishing of ${targetWords(request.target)}`;
      audit.subjects = [subjectOf(request.target)];
      return request;
    },
  });

  route(approvePublishRequest, {
    audit: { describe: ({ params }) => ({ summary: `approve publish request ${params.id}` }) },
    handler: async ({ params, body, session, audit }) => {
      const request = await deps.reviews.approve(params.id, session, body.comment ?? null);
      audit.summary = `approve publishing of ${targetWords(request.target)} asked by ${request.requestedBy}: ${request.outcome ?? ''}`;
      audit.subjects = [subjectOf(request.target)];
      return request;
    },
  });

  route(declinePublishRequest, {
    audit: { describe: ({ params }) => ({ summary: `decline publish request ${params.id}` }) },
    handler: async ({ params, body, session, audit }) => {
      const request = await deps.reviews.decline(params.id, session, body.comment);
      audit.summary = `decline publishing of ${targetWords(request.target)} asked by ${request.requestedBy}`;
      audit.subjects = [subjectOf(request.target)];
      return request;
    },
  });
}
