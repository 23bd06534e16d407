// The one error handler: known errors become the API's documented shapes; 5xx details never leak.
import type { FastifyInstance } from 'fastify';
import { WRITE_MESSAGES } from '#contract/index.ts';
import {
  ConflictError,
  NotFoundError,
  PlainTextValidationError,
  UnauthorizedError,
  ValidationError,
} from '../lib/errors.ts';

export function registerErrorHandler(app: FastifyInstance, maxBodyBytes: number): void {
  app.setErrorHandler((error, request, reply) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Fastify asks to close the connection; reading the rest of the body instead (Node discards it once
      // the response is sent) keeps the connection usable and the client sure to read this answer, where
      // a close under a body still arriving can reset the connection before the 413 is read.
      reply.removeHeader('connection');
      return reply.code(413).send({ errors: [WRITE_MESSAGES.bodyTooLarge(maxBodyBytes)] });
    }
    if (error instanceof PlainTextValidationError)
      return reply.code(400).type('text/plain; charset=utf-8').send(error.message);
    if (error instanceof ValidationError) return reply.code(400).send({ errors: error.errors });
    if (error instanceof UnauthorizedError) {
      request.log.info({ reason: error.message }, 'unauthorized');
      return reply.code(401).send();
    }
    if (error instanceof NotFoundError) return reply.code(404).send({ errors: [error.message] });
    if (error instanceof ConflictError) return reply.code(409).send({ errors: [error.message] });
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500)
      return reply.code(status).send({ errors: [(error as Error).message] });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ errors: ['Internal server error'] });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ errors: [`Route ${request.method} ${request.url.split('?')[0]} not found`] }),
  );
}
