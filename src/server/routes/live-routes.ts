// The console's live stream (src/contract/console/live.ts): one SSE connection per browser, following
// the topics its tabs ask for. It ends when the session ends or loses its role, on any server, as the
// event stream does (auth/stream-guard.ts).
import type { FastifyInstance } from 'fastify';
import { streamLive } from '#contract/console/live.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';
import { openEventStream } from './event-stream.ts';

export function registerLiveRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(streamLive, {
    handler: async ({ query, request, reply }) => {
      const raw = openEventStream(reply);
      const connection = deps.live.open(raw, query.topics);
      const release = deps.streamGuard.watch(request.consoleSessionId, connection);
      raw.on('close', release);
      return reply;
    },
  });
}
