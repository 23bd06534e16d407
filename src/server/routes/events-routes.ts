// The event relay for browsers: per-kind status, a live SSE stream (resumable with Last-Event-ID), and
// history pages with filters. Every role may use it.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EventKind } from '#contract/index.ts';
import { requireRole } from '../auth/guards.ts';
import type { ConsoleDeps } from '../deps.ts';
import { SseConnection } from '../relay/sse-connection.ts';
import { CursorParam, encodeCursor, LimitParam, TimeParam } from './query-params.ts';
import { parseInput } from './validate.ts';

const KindsParam = z
  .string()
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((kind) => kind.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(EventKind, 'must be a comma-separated list of event kinds'));

const StreamQuery = z.object({
  kinds: KindsParam.optional(),
  /** For clients that cannot set the Last-Event-ID header. */
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/, 'must be an event id from this stream')
    .optional(),
});

const HistoryQuery = z.object({
  kind: KindsParam.optional(),
  learner: z.string().trim().min(1).max(320).optional(),
  course: z.string().trim().min(1).max(100).optional(),
  from: TimeParam.optional(),
  to: TimeParam.optional(),
  cursor: CursorParam.optional(),
  limit: LimitParam,
});

export function registerEventsRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  app.get('/api/events/status', async (request) => {
    requireRole(request);
    return deps.relay.status();
  });

  app.get('/api/events', async (request) => {
    requireRole(request);
    const query = parseInput(HistoryQuery, request.query);
    const rows = await deps.relayRepository.history(
      {
        kinds: query.kind,
        learner: query.learner,
        course: query.course,
        from: query.from,
        to: query.to,
      },
      query.cursor,
      query.limit + 1,
    );
    const hasMore = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    return {
      items: page.map((row) => ({
        seq: row.seq,
        receivedAt: new Date(row.received_at).toISOString(),
        event: JSON.parse(row.payload) as unknown,
      })),
      pageInfo: {
        hasMore,
        ...(hasMore ? { cursor: encodeCursor(page[page.length - 1]!.seq) } : {}),
      },
    };
  });

  app.get('/api/events/stream', async (request, reply) => {
    requireRole(request);
    const query = parseInput(StreamQuery, request.query);
    const header = request.headers['last-event-id'];
    const resumeFrom =
      typeof header === 'string' && /^\d{1,15}$/.test(header.trim())
        ? header.trim()
        : query.lastEventId;
    const maxSeq = await deps.relayRepository.maxSeq();
    // Without a resume point the stream starts live; an id from a wiped store restarts from its end.
    const afterSeq = resumeFrom === undefined ? maxSeq : Math.min(Number(resumeFrom), maxSeq);
    const sessionId = request.consoleSessionId;

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
    const connection = new SseConnection(raw, {
      repo: deps.relayRepository,
      kinds: query.kinds ?? null,
      afterSeq,
      heartbeatMs: deps.config.relay.heartbeatMs,
      status: () => deps.relay.status(),
    });
    const unsubscribe = deps.relay.subscribe(connection);
    // Ends the stream when the session is signed out, expires or loses its role, on any server. Its
    // lookups count as activity (an open monitor keeps the session alive); the absolute expiry still ends it.
    const release = deps.streamGuard.watch(sessionId, connection);
    raw.on('close', () => {
      unsubscribe();
      release();
    });
    connection.start();
  });
}
