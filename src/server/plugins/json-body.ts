// The JSON parser of the console's own routes (sign-in, roles): the contract's depth limit checked on the
// raw text, then Fastify's parser, then the contract's refusal of keys named __proto__, constructor or
// prototype; a deep body or such a key is a 400 that says where. Proxied bodies are read by the proxy
// itself, which applies the same checks (proxy/write-body.ts).
import type { FastifyInstance } from 'fastify';
import { jsonDepthViolation, LIMITS, prototypeKeyPath, WRITE_MESSAGES } from '#contract/index.ts';
import { ApiError } from '../errors.ts';

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const where = jsonDepthViolation(text, LIMITS.jsonDepth);
    if (where !== undefined)
      return done(new ApiError(400, 'bad_request', WRITE_MESSAGES.jsonTooDeep(where)), undefined);
    parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      const key = prototypeKeyPath(parsed);
      if (key !== undefined)
        return done(new ApiError(400, 'bad_request', WRITE_MESSAGES.prototypeKey(key)), undefined);
      done(null, parsed);
    });
  });
}
