// The console's live stream (src/contract/console/live.ts): one SSE connection per browser, following
// the topics its tabs ask for. It ends when the session ends or loses its role, on any server, as the
// event stream does (auth/stream-guard.ts).
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { streamLive } from '#contract/console/live.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';

export function registerLiveRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(streamLive, {
    handler: async ({ query, request, reply }) => {
      reply.hijack();
      const raw = reply.raw;
      // Hijacked: copy the security headers helmet already put on the reply.
      raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.socket?.setNoDelay(true);
      const connection = deps.live.open(raw, query.topics);
      const release = deps.streamGuard.watch(request.consoleSessionId, connection);
      raw.on('close', release);
      return reply;
    },
  });
}
