// Saved views of the event monitor, the course-group browser and the audit log (every role).
import type { FastifyInstance } from 'fastify';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  pinSavedView,
  SCREEN_WORDS,
  updateSavedView,
} from '#contract/console/saved-views.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';

export function registerSavedViewsRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);
  const { savedViews } = deps;

  route(listSavedViews, {
    handler: async ({ query, session }) => ({
      views: await savedViews.list(session, query.screen),
    }),
  });

  route(createSavedView, {
    audit: {
      describe: ({ body }) => ({
        summary: `save view “${body.name}” of ${SCREEN_WORDS[body.screen]}${body.sharedWith ? `, shared with ${body.sharedWith}` : ''}`,
      }),
    },
    handler: async ({ body, session, reply }) => {
      const view = await savedViews.create(session, body);
      reply.code(201);
      return view;
    },
  });

  route(updateSavedView, {
    audit: { summary: 'change a saved view' },
    handler: async ({ params, body, session, audit }) => {
      const before = await savedViews.describe(params.id);
      const changes = [
        body.name !== undefined ? `rename to “${body.name}”` : '',
        body.search !== undefined ? 'overwrite its filters' : '',
        body.sharedWith !== undefined
          ? body.sharedWith === null
            ? 'make it private'
            : `share with ${body.sharedWith}`
          : '',
      ].filter(Boolean);
      audit.summary = `saved view ${before}: ${changes.join(', ')}`;
      return savedViews.update(session, params.id, body);
    },
  });

  route(deleteSavedView, {
    audit: { summary: 'delete a saved view' },
    handler: async ({ params, query, session, audit }) => {
      audit.summary = `delete saved view ${await savedViews.describe(params.id)}`;
      await savedViews.delete(session, params.id, query.version);
    },
  });

  route(pinSavedView, {
    audit: { summary: 'pin a saved view' },
    handler: async ({ params, body, session, audit }) => {
      audit.summary = `${body.pinned ? 'pin' : 'unpin'} saved view ${await savedViews.describe(params.id)}`;
      return savedViews.pin(session, params.id, body.pinned);
    },
  });
}
