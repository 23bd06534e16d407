// The console's one onRequest hook, in a fixed order that every request passes:
//   1. security headers (first, so even refusals carry them), and no-store on /api;
//   2. an audit draft for state-changing /api calls (so refusals below are audited);
//   3. the session from the cookie (from the session cache, or read from the database);
//   4. the CSRF check for state-changing /api calls.
// One hook instead of several async ones keeps the proxy's per-request cost low: it stays synchronous
// unless the session has to be read from the database. Whether a request is under /api is decided on the
// route the router matched (request-target.ts), never on the raw URL, so an encoded prefix or an
// absolute-form request line cannot skip a step.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { startAuditDraft, type OperationNamer } from './audit.ts';
import { errorBody } from '../errors.ts';
import { checkCsrf, isStateChanging, type OriginPolicy } from './csrf.ts';
import { isApiRequest, requestTarget } from './request-target.ts';
import type { SessionCookie } from './session.ts';

export function registerRequestPipeline(
  app: FastifyInstance,
  options: {
    securityHeaders: Record<string, string>;
    sessionCookie: SessionCookie;
    origins: OriginPolicy;
    nameOperation: OperationNamer;
  },
): void {
  const headers = Object.entries(options.securityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    const target = requestTarget(request.url);
    if (!isApiRequest(request.routeOptions.url, target)) return done();
    reply.header('cache-control', 'no-store');
    const checkCsrfAndGo = () => {
      try {
        if (isStateChanging(request.method)) checkCsrf(request, options.origins, target.path);
      } catch (error) {
        return done(error as Error);
      }
      done();
    };
    let reading: Promise<void> | undefined;
    try {
      startAuditDraft(request, options.nameOperation, target.path);
      reading = options.sessionCookie.resolve(request);
    } catch (error) {
      return done(error as Error);
    }
    // A cached session answers at once; otherwise the database is asked first.
    if (reading) reading.then(checkCsrfAndGo, done);
    else checkCsrfAndGo();
  });
}

/**
 * Fastify answers a malformed URL (`/api/v2/jobs/%zz`) or an over-long parameter before any hook runs:
 * these answers get the same headers and error shape as every other.
 */
export function frameworkErrorResponder(securityHeaders: Record<string, string>) {
  const headers = Object.entries(securityHeaders);
  return (error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
    for (const [name, value] of headers) reply.header(name, value);
    if (isApiRequest(undefined, requestTarget(request.url)))
      reply.header('cache-control', 'no-store');
    const status = error.statusCode ?? 400;
    return reply.code(status).send(errorBody('bad_request', error.message));
  };
}

/** Node's HTTP parser refused the request (bad syntax, headers too large, timeout): a raw answer, then close. */
export function clientErrorResponder(securityHeaders: Record<string, string>) {
  const headerLines = Object.entries(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // A limit met while an answer is already on its way (plugins/request-limits.ts): only the close.
    if ((socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent)
      return void socket.destroy();
    const [status, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request was not received in time.']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'The request headers are too large.']
          : [400, 'The request could not be parsed.'];
    const body = JSON.stringify(errorBody('bad_request', message));
    if (socket.writable)
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}cache-control: no-store\r\n` +
          `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `connection: close\r\n\r\n${body}`,
      );
    socket.destroy();
  };
}
