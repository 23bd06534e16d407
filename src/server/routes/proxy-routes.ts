// /api/v2/* -> {base_url}/incoming/v2/*: allowlisted routes only, role rules applied, bodies streamed
// (create, update and releaseContent bodies are read first: the role rules and the audit summary need
// them). Everything else under /api/v2 is a 404 from the console server, with no upstream call.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireRole } from '../auth/guards.ts';
import { summarizeCall } from '../audit/summarize.ts';
import type { ConsoleDeps } from '../deps.ts';
import { ApiError, MESSAGES } from '../errors.ts';
import {
  forward,
  HashingTransform,
  readBody,
  sanitizeQuery,
  upstreamRequestHeaders,
} from '../proxy/forward.ts';
import { decide, inspectContentManagerBody, REFUSALS } from '../proxy/role-policy.ts';

export const PROXY_PREFIX = '/api/v2';
const PREFIX = PROXY_PREFIX;
/** Bodies the console reads before forwarding: role checks (create/update) and audit summaries. */
const BUFFERED = new Set(['createCourses', 'updateCourses', 'releaseContent']);
const CAPTURE_RESPONSE_BYTES = 64 * 1024;

export function registerProxyRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  void app.register(async (proxy) => {
    // Leave bodies unread: they are streamed to the upstream (or read on purpose, below).
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    proxy.route({
      method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
      url: `${PREFIX}/*`,
      handler: (request, reply) => handle(deps, request, reply),
    });
  });
}

async function handle(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply) {
  const session = requireRole(request);
  const url = request.url;
  const queryAt = url.indexOf('?');
  const rawPath = url.slice(PREFIX.length, queryAt === -1 ? undefined : queryAt);
  const match = deps.allowlist.match(request.method, rawPath);
  if (!match) throw new ApiError(404, 'not_found', MESSAGES.notAllowlisted);
  const { endpoint } = match;
  const path = match.path + sanitizeQuery(queryAt === -1 ? '' : url.slice(queryAt + 1));
  const decision = decide(session.role, endpoint);
  const audit = request.audit;
  if (audit) {
    audit.operation = endpoint.operationId;
    audit.route = `${endpoint.method} ${PREFIX}${endpoint.path}`;
    audit.path = PREFIX + match.path;
    audit.summary = endpoint.operationId;
  }
  if (decision.kind === 'refuse') {
    if (audit) audit.refusal = decision.reason;
    throw new ApiError(403, 'forbidden', decision.reason);
  }

  if (endpoint.method === 'GET') {
    const headers = upstreamRequestHeaders(deps.upstream, request.headers, request.id, {
      allowCompression: true,
    });
    return deps.reads.read(reply, { path, headers });
  }

  const stream = request.body as Readable | undefined;
  let body: Readable | Buffer | null = null;
  let contentLength: number | undefined;
  let hashing: HashingTransform | undefined;

  if (BUFFERED.has(endpoint.operationId)) {
    const bytes = stream ? await readBody(stream, deps.config.maxBodyBytes) : Buffer.alloc(0);
    let parsed: unknown;
    let parsedOk = true;
    try {
      parsed = bytes.length ? JSON.parse(bytes.toString('utf8')) : undefined;
    } catch {
      parsedOk = false;
    }
    if (audit) {
      audit.bodySha256 = createHash('sha256').update(bytes).digest('hex');
      audit.bodyBytes = bytes.length;
      audit.summary = parsedOk
        ? summarizeCall(endpoint.operationId, parsed, bytes.length, match)
        : `${audit.summary} (body is not valid JSON)`;
    }
    body = bytes;
    if (decision.kind === 'inspect') {
      if (!parsedOk) {
        if (audit) audit.refusal = REFUSALS.invalidJson;
        throw new ApiError(400, 'bad_request', REFUSALS.invalidJson);
      }
      const reason = inspectContentManagerBody(endpoint.operationId, parsed);
      if (reason) {
        if (audit) audit.refusal = reason;
        throw new ApiError(403, 'forbidden', reason);
      }
      // Forward exactly what was inspected, so no parser difference upstream can see other values.
      if (parsed !== undefined) body = Buffer.from(JSON.stringify(parsed));
    }
    contentLength = body.length;
  } else if (stream && hasBody(request)) {
    const declared = Number(request.headers['content-length']);
    if (declared > deps.config.maxBodyBytes)
      throw new ApiError(
        413,
        'payload_too_large',
        `Request body exceeds the console's limit of ${deps.config.maxBodyBytes} bytes.`,
      );
    hashing = new HashingTransform(deps.config.maxBodyBytes);
    stream.on('error', (error) => hashing!.destroy(error));
    body = stream.pipe(hashing);
    contentLength = Number.isFinite(declared) ? declared : undefined;
  }

  const headers = upstreamRequestHeaders(deps.upstream, request.headers, request.id, {
    allowCompression: false,
    contentLength,
  });
  // Reads already on their way may predate this write: nobody may join them from now on, nor once
  // the write is answered (reads sent while it was being processed may predate it too).
  deps.reads.closeFlights();
  let result;
  try {
    result = await forward(
      deps.upstream,
      reply,
      { method: endpoint.method, path, headers, body },
      { captureBytes: CAPTURE_RESPONSE_BYTES },
    );
  } finally {
    deps.reads.closeFlights();
  }
  if (audit) {
    audit.upstreamStatus = result.status;
    audit.captured = result.captured;
    if (hashing) {
      const forwarded = hashing;
      // Read when the audit row is written: by then every forwarded byte has passed the hash.
      audit.bodyDigest = () => ({ sha256: forwarded.digest(), bytes: forwarded.bytes });
      audit.summaryFor = (bytes) => summarizeCall(endpoint.operationId, undefined, bytes, match);
    }
  }
  return reply.send(result.body);
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return length !== undefined ? length !== '0' : request.headers['transfer-encoding'] !== undefined;
}
