// /api/v2/* -> {base_url}/incoming/v2/*: allowlisted routes only, role rules applied. Reads go through
// the read coalescer; writes through the audited forward (proxy/audited-forward.ts), which reads the body
// whole before anything is recorded or sent. Everything else under /api/v2 is a 404 from the console
// server, with no upstream call.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireRole } from '../auth/guards.ts';
import type { ConsoleDeps } from '../deps.ts';
import { ApiError, MESSAGES } from '../errors.ts';
import { decodedPath, requestTarget } from '../plugins/request-target.ts';
import { forwardedQuery, upstreamRequestHeaders } from '../proxy/forward.ts';
import { decide } from '../proxy/role-policy.ts';

export const PROXY_PREFIX = '/api/v2';

/**
 * The path below /api/v2, still percent-encoded, of a request target's path (`/%61pi/v2/tags` is
 * `/tags`: the router matched it to the proxy route), or undefined when it is not below /api/v2.
 */
export function proxiedPath(rawPath: string): string | undefined {
  const segments = rawPath.split('/');
  if (segments.length < 4 || segments[0] !== '') return undefined;
  if (decodedPath(segments[1]!) !== 'api' || decodedPath(segments[2]!) !== 'v2') return undefined;
  return `/${segments.slice(3).join('/')}`;
}

export function registerProxyRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  void app.register(async (proxy) => {
    // Leave bodies unread here: the audited forward reads them on purpose.
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    proxy.route({
      method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
      url: `${PROXY_PREFIX}/*`,
      handler: (request, reply) => handle(deps, request, reply),
    });
  });
}

async function handle(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply) {
  const session = requireRole(request);
  const target = requestTarget(request.url);
  const rawPath = proxiedPath(target.path);
  const match = rawPath === undefined ? undefined : deps.allowlist.match(request.method, rawPath);
  if (!match) throw new ApiError(404, 'not_found', MESSAGES.notAllowlisted);
  const query = forwardedQuery(target.query);
  if (match.endpoint.method === 'GET') {
    const headers = upstreamRequestHeaders(deps.upstream, request.headers, request.id, {
      allowCompression: true,
    });
    return deps.reads.read(reply, { path: match.path + query, headers });
  }
  const call = {
    match,
    prefix: PROXY_PREFIX,
    query,
    decision: decide(session.role, match.endpoint),
  };
  return reply.send(await deps.writes(request, reply, call));
}
