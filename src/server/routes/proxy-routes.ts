// /api/v2/* -> {base_url}/incoming/v2/*: allowlisted routes only, role rules applied. JSON bodies are read
// first (the role rules, the audit summary, the depth limit and the removal of credential fields need
// them) and forwarded as re-serialised; the translation upload (XML) is streamed. Everything else under
// /api/v2 is a 404 from the console server, with no upstream call.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireRole } from '../auth/guards.ts';
import { answerSubjects, requestSubjects } from '../audit/subjects.ts';
import { summarizeCall } from '../audit/summarize.ts';
import type { ConsoleDeps } from '../deps.ts';
import { jsonDepthViolation, LIMITS, WRITE_MESSAGES } from '#contract/index.ts';
import { ApiError, MESSAGES } from '../errors.ts';
import { decodedPath, requestTarget } from '../plugins/request-target.ts';
import {
  forward,
  forwardedQuery,
  HashingTransform,
  readBody,
  upstreamRequestHeaders,
  withoutCredentialFields,
} from '../proxy/forward.ts';
import { decide, inspectContentManagerBody, REFUSALS } from '../proxy/role-policy.ts';

export const PROXY_PREFIX = '/api/v2';
const PREFIX = PROXY_PREFIX;
const CAPTURE_RESPONSE_BYTES = 64 * 1024;

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
  const target = requestTarget(request.url);
  const rawPath = proxiedPath(target.path);
  const match = rawPath === undefined ? undefined : deps.allowlist.match(request.method, rawPath);
  if (!match) throw new ApiError(404, 'not_found', MESSAGES.notAllowlisted);
  const { endpoint } = match;
  const path = match.path + forwardedQuery(target.query);
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

  if (endpoint.body !== 'xml') {
    const bytes = stream ? await readBody(stream, deps.config.maxBodyBytes) : Buffer.alloc(0);
    if (audit) {
      audit.bodySha256 = createHash('sha256').update(bytes).digest('hex');
      audit.bodyBytes = bytes.length;
    }
    const refuse = (status: 400 | 403, reason: string): never => {
      if (audit) audit.refusal = reason;
      throw new ApiError(status, status === 400 ? 'bad_request' : 'forbidden', reason);
    };
    let parsed: unknown;
    if (bytes.length > 0) {
      const text = bytes.toString('utf8');
      // Before parsing: nothing below (the role rules, the summary, JSON.stringify) walks a deeper value.
      const tooDeep = jsonDepthViolation(text, LIMITS.jsonDepth);
      if (tooDeep !== undefined) refuse(400, WRITE_MESSAGES.jsonTooDeep(tooDeep));
      try {
        parsed = JSON.parse(text);
      } catch {
        // Only a parsed body can be forwarded without its credential fields.
        refuse(400, REFUSALS.invalidJson);
      }
    }
    if (audit) {
      audit.summary = summarizeCall(endpoint.operationId, parsed, bytes.length, match);
      const requested = requestSubjects(endpoint.operationId, parsed, match.path);
      audit.subjects = requested;
      audit.subjectsFor = (answer) =>
        answerSubjects(endpoint.operationId, parsed, requested, answer);
    }
    if (decision.kind === 'inspect') {
      const reason = inspectContentManagerBody(endpoint.operationId, parsed);
      if (reason) refuse(403, reason);
    }
    // Forward exactly what was inspected, so no parser difference upstream can see other values.
    body =
      parsed === undefined ? bytes : Buffer.from(JSON.stringify(withoutCredentialFields(parsed)));
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
  // Audit before effect: no write reaches the instance without its row (pending until answered).
  await deps.auditTrail.begin(request);
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
