// CSRF defence for every state-changing request under /api: a fixed custom header (a cross-site form or
// simple request cannot set it), a same-origin Origin (or Sec-Fetch-Site), and a JSON content type when a
// body is sent (XML for the translation upload). Anything else is a 403 before any work is done.
import type { FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from '../errors.ts';
import { decodedPath } from './request-target.ts';

export const CSRF_HEADER = 'x-lectern-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface OriginPolicy {
  /** Filled at listen time when the public origin is derived from the bound address. */
  allowed: Set<string>;
}

export const isStateChanging = (method: string) => !SAFE_METHODS.has(method);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

/** The translation upload is the one XML body (spec 4.4). */
function expectedContentType(
  request: FastifyRequest,
  rawPath: string,
): 'application/json' | 'text/xml' {
  const path = decodedPath(rawPath);
  return request.method === 'PUT' && path.startsWith('/api/v2/') && path.endsWith('.xlf')
    ? 'text/xml'
    : 'application/json';
}

/** `rawPath`: the request target's path (request-target.ts), not the raw URL. */
export function checkCsrf(request: FastifyRequest, origins: OriginPolicy, rawPath: string): void {
  if (request.headers[CSRF_HEADER] !== '1') throw new ApiError(403, 'csrf', MESSAGES.csrfHeader);
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (!origins.allowed.has(origin)) throw new ApiError(403, 'csrf', MESSAGES.csrfOrigin);
  } else if (request.headers['sec-fetch-site'] !== 'same-origin') {
    throw new ApiError(403, 'csrf', MESSAGES.csrfOrigin);
  }
  if (hasBody(request)) {
    const expected = expectedContentType(request, rawPath);
    const actual = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
    if (actual !== expected) throw new ApiError(403, 'csrf', MESSAGES.csrfContentType(expected));
  }
}
