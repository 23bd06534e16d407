// The JSON body parser: the contract's depth limit is checked on the raw text first, so no route, rule or
// JSON.stringify ever walks a value nested deeper than LIMITS.jsonDepth; then Fastify's parser, and a
// refusal of any key named __proto__, constructor or prototype, wherever it is (Fastify's own check covers
// only some of them, with its own words). Either is a 400 `{ errors: [...] }` that says where.
import type { FastifyInstance } from 'fastify';
import { jsonDepthViolation, LIMITS, prototypeKeyPath, WRITE_MESSAGES } from '#contract/index.ts';
import { ValidationError } from '../lib/errors.ts';

export function registerJsonBodyParser(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      const where = jsonDepthViolation(text, LIMITS.jsonDepth);
      if (where !== undefined)
        return done(new ValidationError([WRITE_MESSAGES.jsonTooDeep(where)]), undefined);
      parseJson(request, text, (error, parsed) => {
        if (error) return done(error, undefined);
        const key = prototypeKeyPath(parsed);
        if (key !== undefined)
          return done(new ValidationError([WRITE_MESSAGES.prototypeKey(key)]), undefined);
        done(null, parsed);
      });
    },
  );
}
