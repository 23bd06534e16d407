// The JSON body parser: Fastify's own (prototype poisoning refused), after the contract's depth limit is
// checked on the raw text, so no route, rule or JSON.stringify ever walks a value nested deeper than
// LIMITS.jsonDepth. A deeper body is a 400 `{ errors: [...] }` that names the limit and where it was hit.
import type { FastifyInstance } from 'fastify';
import { jsonDepthViolation, LIMITS, WRITE_MESSAGES } from '#contract/index.ts';
import { ValidationError } from '../lib/errors.ts';

export function registerJsonBodyParser(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      const where = jsonDepthViolation(text, LIMITS.jsonDepth);
      if (where !== undefined)
        return done(new ValidationError([WRITE_MESSAGES.jsonTooDeep(where)]), undefined);
      parseJson(request, text, done);
    },
  );
}
