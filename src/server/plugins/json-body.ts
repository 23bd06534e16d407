// The JSON parser of the console's own routes (sign-in, roles): Fastify's (prototype poisoning refused),
// after the contract's depth limit is checked on the raw text, so a deep body is a 400 naming the limit.
// Proxied bodies are read by the proxy itself, which applies the same limit.
import type { FastifyInstance } from 'fastify';
import { jsonDepthViolation, LIMITS, WRITE_MESSAGES } from '#contract/index.ts';
import { ApiError } from '../errors.ts';

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const where = jsonDepthViolation(text, LIMITS.jsonDepth);
    if (where !== undefined)
      return done(new ApiError(400, 'bad_request', WRITE_MESSAGES.jsonTooDeep(where)), undefined);
    parseJson(request, text, done);
  });
}
