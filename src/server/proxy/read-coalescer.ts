// Request collapsing for proxied reads (as nginx's proxy_cache_lock or a CDN's request coalescing, but
// with nothing cached): identical GETs that arrive while one is already on its way upstream wait for it
// and receive the same answer, streamed to each of them. Every console user shares one API key and so
// one throttle bucket upstream; ten people opening the same page, or polling the same job, cost one call.
//
// Freshness: a read may only join a flight sent after the last state-changing call through the console
// started and after it was answered, so nobody is handed a state older than a write they saw complete.
// Joining closes when the upstream's headers arrive; from then on the body goes to every waiter, and the
// upstream is paused until all of them have drained (a slow reader slows its flight, nothing piles up).
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { errorBody } from '../errors.ts';
import { routeLabelOf } from '../metrics/http-metrics.ts';
import { upstreamFailure, type Upstream } from '../upstream/upstream-client.ts';
import { copyResponseHeaders } from './forward.ts';

interface Waiter {
  res: ServerResponse;
  /** Headers already set on the reply (security headers, no-store), sent with the upstream's. */
  base: OutgoingHttpHeaders;
}

interface Flight {
  waiters: Waiter[];
}

export interface CoalescerStats {
  /** Reads sent upstream. */
  flights: number;
  /** Reads answered by joining a flight already on its way. */
  joined: number;
}

export interface ReadCoalescer {
  /** Answers the reply (hijacked) with the upstream's answer to GET `path`, sharing a flight if one is open. */
  read(
    reply: FastifyReply,
    request: { path: string; headers: Record<string, string> },
  ): Promise<void>;
  /** A state-changing call started or was answered: no read in flight may be joined any more. */
  closeFlights(): void;
  stats: CoalescerStats;
}

// Per-request headers that do not change the upstream's answer (the others are part of the key).
const NOT_IN_KEY = new Set(['x-request-id']);

function flightKey(path: string, headers: Record<string, string>): string {
  let key = path;
  for (const name of Object.keys(headers).sort())
    if (!NOT_IN_KEY.has(name)) key += `\n${name}:${headers[name]}`;
  return key;
}

export function createReadCoalescer(upstream: Upstream): ReadCoalescer {
  const open = new Map<string, Flight>();
  const stats: CoalescerStats = { flights: 0, joined: 0 };

  async function read(
    reply: FastifyReply,
    request: { path: string; headers: Record<string, string> },
  ): Promise<void> {
    const waiter: Waiter = { res: reply.raw, base: reply.getHeaders() as OutgoingHttpHeaders };
    reply.hijack();
    const key = flightKey(request.path, request.headers);
    const joinable = open.get(key);
    if (joinable) {
      stats.joined += 1;
      joinable.waiters.push(waiter);
      return;
    }
    const flight: Flight = { waiters: [waiter] };
    open.set(key, flight);
    stats.flights += 1;
    const close = () => {
      if (open.get(key) === flight) open.delete(key);
    };
    const startedAt = performance.now();
    const operation = routeLabelOf(reply.request);
    let answered = false;
    try {
      await upstream.pool.stream(
        { method: 'GET', path: upstream.restPath(request.path), headers: request.headers },
        ({ statusCode, headers }) => {
          answered = true;
          upstream.observe(operation, startedAt, statusCode);
          close();
          const passed = copyResponseHeaders(headers);
          const live = flight.waiters.filter((w) => !w.res.destroyed);
          for (const w of live) w.res.writeHead(statusCode, { ...w.base, ...passed });
          // The common case, one reader: the upstream body goes straight into its socket.
          return live.length === 1 ? live[0]!.res : fanOut(live.map((w) => w.res));
        },
      );
    } catch (error) {
      if (!answered) upstream.observe(operation, startedAt, 'error');
      close();
      const unanswered = flight.waiters.filter((w) => !w.res.headersSent && !w.res.destroyed);
      for (const w of flight.waiters) if (w.res.headersSent) w.res.destroy();
      if (unanswered.length === 0) return;
      reply.log.warn({ err: error, path: request.path }, 'upstream request failed');
      const failure = upstreamFailure(error);
      const body = JSON.stringify(errorBody(failure.code, failure.message));
      for (const w of unanswered) {
        w.res.writeHead(failure.statusCode, {
          ...w.base,
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        w.res.end(body);
      }
    }
  }

  return { read, closeFlights: () => open.clear(), stats };
}

/**
 * One writable that copies every chunk to several responses and asks for more only when all of them
 * have drained. A reader that goes away is dropped; when none is left the upstream request is aborted.
 */
export function fanOut(targets: ServerResponse[]): Writable {
  const live = new Set(targets);
  for (const target of targets) target.once('close', () => live.delete(target));
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const target of live) if (target.destroyed) live.delete(target);
      if (live.size === 0) return done(new Error('every reader of this flight went away'));
      let waiting = 0;
      const release = () => {
        waiting -= 1;
        if (waiting === 0) done();
      };
      for (const target of live)
        if (!target.write(chunk)) {
          waiting += 1;
          waitForDrain(target, release);
        }
      if (waiting === 0) done();
    },
    final(done) {
      for (const target of live) target.end();
      done();
    },
    destroy(error, done) {
      if (error) for (const target of live) target.destroy();
      done(error);
    },
  });
}

function waitForDrain(target: ServerResponse, release: () => void): void {
  const settle = () => {
    target.off('drain', settle);
    target.off('close', settle);
    release();
  };
  target.on('drain', settle);
  target.on('close', settle);
}
