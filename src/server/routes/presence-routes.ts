// Presence and edit leases (src/contract/console/presence.ts): heartbeats and leaves of editor tabs,
// taking the lease over, an admin ending it, and the admins' list of leases.
import type { FastifyInstance } from 'fastify';
import {
  beatPresence,
  endEditLease,
  leavePresence,
  listEditLeases,
  takeEditLease,
} from '#contract/console/presence.ts';
import type { ConsoleDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { PresenceError } from '../presence/presence-service.ts';
import { consoleRoutes } from './console-route.ts';

/** The service's refusals as the contract's answers. */
async function answering<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PresenceError)
      throw new ApiError(
        error.reason === 'absent' ? 409 : 404,
        error.reason === 'absent' ? 'conflict' : 'not_found',
        error.message,
      );
    throw error;
  }
}

export function registerPresenceRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(beatPresence, {
    handler: ({ params, body, session }) =>
      deps.presence.beat(session, params.courseId, params.tabId, body),
  });

  route(leavePresence, {
    handler: ({ params, query }) =>
      deps.presence.leave(params.courseId, params.tabId, query.loadId),
  });

  route(takeEditLease, {
    audit: {
      describe: ({ params }) => ({ summary: `take over editing of course ${params.courseId}` }),
    },
    handler: ({ params, body, session }) =>
      answering(deps.presence.takeOver(session, params.courseId, body.tabId)),
  });

  route(endEditLease, {
    audit: {
      describe: ({ params }) => ({ summary: `end the edit lease of course ${params.courseId}` }),
    },
    handler: ({ params, session }) => answering(deps.presence.end(session, params.courseId)),
  });

  route(listEditLeases, { handler: () => deps.presence.leases() });
}
