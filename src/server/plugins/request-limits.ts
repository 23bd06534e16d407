// Time limits on what clients send, so that a slow or silent client holds only its own socket, and only
// for a while (docs/security.md, "Request limits"):
//   - the request line and headers within `headersTimeoutMs` (Node's headersTimeout);
//   - a body within `bodyTimeoutMs`, plus 1 s per `bodyMinBytesPerSecond` bytes received, checked on the
//     body as it is read (the rule of Apache's mod_reqtimeout): a client sending at least that fast never
//     meets it, one dripping a byte every few seconds is answered 408 once `bodyTimeoutMs` has passed;
//   - the whole request within `requestTimeoutMs` (Node's requestTimeout), including bodies nobody reads
//     (a request refused before its body was read);
//   - idle kept-alive connections closed after `keepAliveTimeoutMs`.
// Node checks its two limits once a second (connectionsCheckingInterval), not every 30 s (its default).
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { RequestLimits } from '../config.ts';
import { ApiError, BodyAbortedError, MESSAGES } from '../errors.ts';
import { hasBody } from '../net/request-body.ts';

const CHECK_EVERY_MS = 1000;

/** Fastify server options for the limits Node enforces itself. */
export function serverTimeouts(limits: RequestLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: CHECK_EVERY_MS,
    },
  };
}

/** Every request body is read through a BodyClock (routes see it as the payload stream). */
export function registerBodyTimeLimit(app: FastifyInstance, limits: RequestLimits): void {
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (!hasBody(request)) return done(null, payload);
    const clock = new BodyClock(payload, limits);
    // Answered: whatever is left of the body is read and dropped (as Node does for a body nobody read),
    // never left paused behind the clock, which would keep the connection open until the request limit.
    reply.raw.once('close', () => clock.release());
    done(null, clock);
  });
}

/**
 * Passes a request body through and fails it with a 408 once it is late (see the top of the file). It
 * stops reading the socket then, and the 408 closes the connection. A body cut off by the client fails
 * with `BodyAbortedError`. Never emits an unheard 'error': whoever reads the body hears it.
 */
export class BodyClock extends Transform {
  /** Bytes received so far (Fastify reads this name to enforce its own body limits). */
  receivedEncodedLength = 0;
  private readonly started = Date.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly source: Readable,
    private readonly limits: Pick<RequestLimits, 'bodyTimeoutMs' | 'bodyMinBytesPerSecond'>,
  ) {
    super();
    this.on('error', () => undefined);
    // The client may be gone already (while the session was read): nothing will arrive.
    if (source.destroyed) {
      process.nextTick(() => this.destroy(new BodyAbortedError()));
      return;
    }
    source.on('error', (error) => this.destroy(asAborted(error)));
    source.on('close', () => {
      if (!(source as IncomingMessage).complete) this.destroy(new BodyAbortedError());
    });
    source.pipe(this);
    this.schedule();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.receivedEncodedLength += chunk.length;
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.stop();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.stop();
    done(error);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The request has been answered: stop timing, and let the rest of the body be read and dropped. */
  release(): void {
    this.stop();
    if (this.source.readableEnded || this.source.destroyed) return;
    this.source.unpipe(this);
    this.source.resume();
  }

  /** When the body is late, given what has arrived. */
  private deadline(): number {
    const allowance = (this.receivedEncodedLength * 1000) / this.limits.bodyMinBytesPerSecond;
    return this.started + this.limits.bodyTimeoutMs + allowance;
  }

  private schedule(): void {
    const wait = this.deadline() - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => this.schedule(), Math.ceil(wait));
      return;
    }
    this.source.unpipe(this);
    this.source.pause();
    this.destroy(
      new ApiError(
        408,
        'request_timeout',
        MESSAGES.bodyTooSlow(this.limits.bodyTimeoutMs, this.limits.bodyMinBytesPerSecond),
        // The rest of the body is not read: the connection cannot carry another request.
        { connection: 'close' },
      ),
    );
  }
}

function asAborted(error: Error): Error {
  return error instanceof ApiError ? error : new BodyAbortedError();
}
