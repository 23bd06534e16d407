// Turns a reply into a Server-Sent Events stream (the event monitor's and the console's live stream).
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

export function openEventStream(reply: FastifyReply): ServerResponse {
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
  return raw;
}
