// Forwards one allowlisted request to the upstream over the kept-alive pool and streams the answer back:
// status, body, content type and Retry-After pass unchanged. Only an explicit set of headers crosses in
// either direction, so client credentials, cookies, Host and X-Forwarded-* never reach the upstream.
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { isCredentialName } from '#contract/index.ts';
import { ApiError } from '../errors.ts';
import { routeLabelOf } from '../metrics/http-metrics.ts';
import { upstreamFailure, type Upstream } from '../upstream/upstream-client.ts';

const REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'if-none-match',
  'if-modified-since',
  'user-agent',
] as const;

const RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-disposition',
  'content-language',
  'retry-after',
  'etag',
  'last-modified',
  'vary',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
] as const;

/** Marks answers that came from the learning instance, so the SPA can tell them from the console's own. */
export const SOURCE_HEADER = 'x-lectern-source';

/** Names the upstream reads as parameters; anything else (`a;b`, NUL, spaces) is not forwarded. */
const PARAMETER_NAME = /^[A-Za-z0-9_.\-[\]]{1,100}$/;

/**
 * The query string forwarded upstream, rebuilt from the parsed parameters (never the raw bytes, which a
 * lenient upstream could split on `;` or cut at NUL or `#`): credential parameters (`secretKey`, `jwt`,
 * `apiKey`, also as `secret_key`, `secretKey[]`...) and names that are not plain parameter names are
 * dropped, and every name and value is percent-encoded canonically.
 */
export function forwardedQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  const kept: string[] = [];
  for (const [name, value] of new URLSearchParams(rawQuery)) {
    if (!PARAMETER_NAME.test(name) || isCredentialName(name)) continue;
    try {
      kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    } catch {
      // A lone surrogate cannot be encoded; such a parameter is not forwarded.
    }
  }
  return kept.length ? `?${kept.join('&')}` : '';
}

/** A JSON body as forwarded: top-level credential fields (`secretKey`...) removed, like the parameters. */
export function withoutCredentialFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const entries = Object.entries(body);
  if (!entries.some(([name]) => isCredentialName(name))) return body;
  return Object.fromEntries(entries.filter(([name]) => !isCredentialName(name)));
}

export function upstreamRequestHeaders(
  upstream: Upstream,
  incoming: IncomingHttpHeaders,
  requestId: string,
  options: { allowCompression: boolean; contentLength?: number | undefined },
): Record<string, string> {
  const headers: Record<string, string> = {
    authorization: upstream.authorization(),
    'x-request-id': requestId,
  };
  for (const name of REQUEST_HEADERS) {
    const value = incoming[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (options.allowCompression && typeof incoming['accept-encoding'] === 'string')
    headers['accept-encoding'] = incoming['accept-encoding'];
  if (options.contentLength !== undefined)
    headers['content-length'] = String(options.contentLength);
  return headers;
}

/** The upstream response headers that pass to the browser, plus the mark of their source. */
export function copyResponseHeaders(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const passed: Record<string, string | string[]> = { [SOURCE_HEADER]: 'upstream' };
  for (const name of RESPONSE_HEADERS) {
    const value = headers[name];
    if (value !== undefined) passed[name] = value;
  }
  return passed;
}

export interface Forwarded {
  status: number;
  /** The upstream body, to be sent with `reply.send` (headers and status are already on the reply). */
  body: Readable;
  /** The first bytes of the response body, when capture was requested (read after the reply ended). */
  captured?: () => Buffer | undefined;
}

export async function forward(
  upstream: Upstream,
  reply: FastifyReply,
  request: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: Readable | Buffer | string | null;
  },
  options: { captureBytes?: number } = {},
): Promise<Forwarded> {
  let response;
  const startedAt = performance.now();
  const operation = routeLabelOf(reply.request);
  try {
    response = await upstream.pool.request({
      method: request.method as 'GET',
      path: upstream.restPath(request.path),
      headers: request.headers,
      body: request.body,
    });
    upstream.observe(operation, startedAt, response.statusCode);
  } catch (error) {
    upstream.observe(operation, startedAt, 'error');
    if (error instanceof ApiError) throw error;
    reply.log.warn({ err: error, path: request.path }, 'upstream request failed');
    throw upstreamFailure(error);
  }
  const headers = response.headers;
  reply.code(response.statusCode).headers(copyResponseHeaders(headers));

  let body: Readable = response.body;
  let captured: Forwarded['captured'];
  if (options.captureBytes && headers['content-encoding'] === undefined) {
    const capture = new CaptureTransform(options.captureBytes);
    body = response.body.pipe(capture);
    response.body.on('error', (error) => capture.destroy(error));
    // Heard by the reply once it streams the answer; until then an error must not go unheard.
    capture.on('error', () => undefined);
    captured = () => capture.captured();
  }
  return { status: response.statusCode, body, captured };
}

/** Passes bytes through while keeping the first `limit` of them (for the audit's job id). */
class CaptureTransform extends Transform {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.size < this.limit) {
      this.chunks.push(chunk.subarray(0, this.limit - this.size));
      this.size += Math.min(chunk.length, this.limit - this.size);
    }
    done(null, chunk);
  }
  captured(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
