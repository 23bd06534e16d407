// The one error handler of the console server: its own refusals (ApiError) as they are, Fastify's 4xx
// in the same `{ error, message }` shape, a database that cannot be used as a 503 the console retries,
// and anything else as a 500 whose details stay in the log.
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../database-errors.ts';
import { ApiError, errorBody, MESSAGES, type ErrorCode } from '../errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'bad_request',
  429: 'rate_limited',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(errorBody(error.code, error.message));
    }
    const status = (error as { statusCode?: number }).statusCode;
    // Fastify closes the connection after a body over its limit; Node reads the rest and discards it
    // instead, so the connection stays usable and the client reads this answer.
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      reply.removeHeader('connection');
    if (status !== undefined && status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'bad_request';
      return reply.code(status).send(errorBody(code, (error as Error).message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'console database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody('database_unavailable', MESSAGES.databaseUnavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('internal', MESSAGES.internal));
  });
}
