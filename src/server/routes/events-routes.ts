// The event relay for browsers: per-kind status, a live SSE stream (resumable with Last-Event-ID), and
// history pages with filters. Every role may use it.
import type { FastifyInstance } from 'fastify';
import { getRelayStatus, listEvents, streamEvents } from '#contract/console/relay.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';
import { openEventStream } from './event-stream.ts';

const LAST_EVENT_ID = /^\d{1,15}$/;

export function registerEventsRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(getRelayStatus, { handler: async () => deps.relay.status() });

  route(listEvents, {
    handler: ({ query: { kind, q, cursor, limit, ...filter } }) =>
      deps.relay.history({ kinds: kind, search: q, ...filter }, cursor, limit),
  });

  route(streamEvents, {
    handler: async ({ query, request, reply }) => {
      const header = request.headers['last-event-id'];
      const connection = await deps.relay.openStream(reply.raw, {
        kinds: query.kinds ?? null,
        resumeFrom:
          typeof header === 'string' && LAST_EVENT_ID.test(header.trim())
            ? header.trim()
            : query.lastEventId,
      });
      const sessionId = request.consoleSessionId;

      const raw = openEventStream(reply);
      const unsubscribe = deps.relay.subscribe(connection);
      // Ends the stream when the session is signed out, expires or loses its role, on any server. Its
      // lookups count as activity (an open monitor keeps the session alive); the absolute expiry still
      // ends it.
      const release = deps.streamGuard.watch(sessionId, connection);
      raw.on('close', () => {
        unsubscribe();
        release();
      });
      connection.start();
      return reply;
    },
  });
}
