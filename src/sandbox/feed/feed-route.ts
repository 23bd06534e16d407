// GET /incoming/v2/events/:kind (spec 6): the feed's pages (feed-service.ts) for the caller's company.
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '#contract/index.ts';
import { companyOf } from '../plugins/auth.ts';
import type { FeedService } from './feed-service.ts';

export const EVENT_FEED_ROUTE = `${API_PREFIX}/events/:kind`;

export function registerFeedRoute(app: FastifyInstance, feed: FeedService): void {
  app.get(EVENT_FEED_ROUTE, async (request, reply) => {
    const page = feed.page(
      companyOf(request),
      (request.params as { kind: string }).kind,
      (request.query ?? {}) as Record<string, unknown>,
    );
    // The stored events are already the wire JSON (contract EventPage).
    return reply.type('application/json; charset=utf-8').send(page);
  });
}
