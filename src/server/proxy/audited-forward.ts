// One proxied write, from its body to its answer, with its audit record kept in step once, here:
//   named -> refused by role? -> body read whole (bounded per user, timed) -> checked (JSON limits,
//   content manager's rules, URLs the instance fetches) -> recorded pending (audit before effect) ->
//   forwarded -> answered.
// Every refusal on the way says why in the record; nothing is recorded pending, and nothing reaches the
// instance, before the whole body has arrived and passed. A client that leaves before that point gets
// nothing forwarded; one that leaves later still has its write answered upstream, and its record, written
// with that answer, says it closed the connection (audit/audit-trail-service.ts).
import { createHash } from 'node:crypto';
import { finished, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditDraft, AuditTrailService } from '../audit/audit-trail-service.ts';
import { answerSubjects, requestSubjects, touchedFirst } from '../audit/subjects.ts';
import { summarizeCall } from '../audit/summarize.ts';
import { ApiError, BodyAbortedError } from '../errors.ts';
import type { AddressGuard } from '../net/address-guard.ts';
import type { ChangeCapture, PreparedCall } from '../history/change-capture.ts';
import { hasBody } from '../net/request-body.ts';
import type { Upstream } from '../upstream/upstream-client.ts';
import type { RouteMatch } from './allowlist.ts';
import type { BodyIntake } from './body-intake.ts';
import { forward, upstreamRequestHeaders, withoutCredentialFields } from './forward.ts';
import type { ReadCoalescer } from './read-coalescer.ts';
import { inspectContentManagerBody, type ProxyDecision } from './role-policy.ts';
import { fetchedUrlRefusal, parseJsonBody } from './write-body.ts';

const CAPTURE_RESPONSE_BYTES = 64 * 1024;

export interface WriteCall {
  match: RouteMatch;
  /** The audit route's prefix (`/api/v2`). */
  prefix: string;
  /** The canonical query string forwarded (`?a=1` or ''). */
  query: string;
  decision: ProxyDecision;
}

export interface AuditedForwardDeps {
  upstream: Upstream;
  reads: ReadCoalescer;
  auditTrail: AuditTrailService;
  intake: BodyIntake;
  addressGuard: AddressGuard;
  /** The course history's capture: the courses a content change touches, read before and after. */
  capture: ChangeCapture;
}

export type AuditedForward = (
  request: FastifyRequest,
  reply: FastifyReply,
  call: WriteCall,
) => Promise<Readable>;

export function createAuditedForward(deps: AuditedForwardDeps): AuditedForward {
  async function run(
    request: FastifyRequest,
    reply: FastifyReply,
    call: WriteCall,
    record: WriteRecord,
  ): Promise<Readable> {
    const { endpoint } = call.match;
    if (call.decision.kind === 'refuse') record.refuse(403, call.decision.reason);

    const stream = hasBody(request) ? (request.body as Readable | undefined) : undefined;
    const user = request.consoleSession!.email;
    const bytes = stream ? await deps.intake.read(stream, user) : Buffer.alloc(0);
    let body = bytes;
    let parsed: unknown;
    record.received(bytes);
    if (endpoint.body === 'xml') record.described(undefined);
    else {
      const json = parseJsonBody(bytes);
      if (!json.ok) record.refuse(400, json.reason);
      parsed = json.parsed;
      record.described(json.parsed);
      if (call.decision.kind === 'inspect') {
        const reason = inspectContentManagerBody(endpoint.operationId, json.parsed);
        if (reason) record.refuse(403, reason);
      }
      const urlRefusal = await fetchedUrlRefusal(deps.addressGuard, endpoint, json.parsed);
      if (urlRefusal) record.refuse(400, urlRefusal);
      // Forward exactly what was inspected, so no parser difference upstream can see other values.
      if (json.parsed !== undefined)
        body = Buffer.from(JSON.stringify(withoutCredentialFields(json.parsed)));
    }
    // Gone while its body was checked: nothing may take effect that nobody asked to wait for.
    if (request.raw.socket?.destroyed !== false) throw new BodyAbortedError();

    const headers = upstreamRequestHeaders(deps.upstream, request.headers, request.id, {
      allowCompression: false,
      contentLength: body.length,
    });
    // The courses it changes, read once: the history's "before" and the audit's old values.
    const captured = {
      operationId: endpoint.operationId,
      path: call.match.path,
      body: parsed,
      raw: bytes,
    };
    const prepared = await deps.capture.prepare(captured);
    if (prepared) record.touched(prepared);
    // Audit before effect: no write reaches the instance without its row (pending until answered).
    await deps.auditTrail.begin(request);
    // Reads already on their way may predate this write: nobody may join them from now on, nor once
    // the write is answered (reads sent while it was being processed may predate it too).
    deps.reads.closeFlights();
    try {
      const result = await forward(
        deps.upstream,
        reply,
        { method: endpoint.method, path: call.match.path + call.query, headers, body },
        { captureBytes: CAPTURE_RESPONSE_BYTES },
      );
      record.answered(result.status, result.captured);
      // Once the answer has streamed through (create's new ids are in it), in the background.
      finished(result.body, () =>
        deps.capture.settle(captured, prepared, {
          status: result.status,
          answer: () => result.captured?.(),
          auditSeq: request.audit?.seq,
          userEmail: user,
        }),
      );
      return result.body;
    } finally {
      deps.reads.closeFlights();
    }
  }

  return (request, reply, call) => {
    const draft = request.audit!; // every state-changing /api request has one (request pipeline)
    return run(request, reply, call, new WriteRecord(draft, call));
  };
}

/** The audit draft of one write, filled in as the write goes. */
class WriteRecord {
  constructor(
    private readonly draft: AuditDraft,
    private readonly call: WriteCall,
  ) {
    const { endpoint, path } = call.match;
    draft.operation = endpoint.operationId;
    draft.route = `${endpoint.method} ${call.prefix}${endpoint.path}`;
    draft.path = call.prefix + path;
    draft.summary = endpoint.operationId;
  }

  refuse(status: 400 | 403, reason: string): never {
    this.draft.refusal = reason;
    throw new ApiError(status, status === 400 ? 'bad_request' : 'forbidden', reason);
  }

  received(bytes: Buffer): void {
    this.draft.bodySha256 = createHash('sha256').update(bytes).digest('hex');
    this.draft.bodyBytes = bytes.length;
  }

  /** The summary and subjects, from the parsed body (undefined for XML or an empty body). */
  described(parsed: unknown): void {
    const { operationId } = this.call.match.endpoint;
    const path = this.call.match.path;
    this.draft.summary = summarizeCall(
      operationId,
      parsed,
      this.draft.bodyBytes ?? 0,
      this.call.match,
    );
    const requested = requestSubjects(operationId, parsed, path);
    this.draft.subjects = requested;
    this.draft.subjectsFor = (answer) => answerSubjects(operationId, parsed, requested, answer);
  }

  /** What the call changes, with old -> new values, in place of the request's bare ids. */
  touched(prepared: PreparedCall): void {
    const subjects = touchedFirst(prepared.subjects, this.draft.subjects ?? []);
    this.draft.subjects = subjects;
    const answered = this.draft.subjectsFor;
    this.draft.subjectsFor = (answer) => {
      const more = answered?.(answer) ?? [];
      const known = new Set(subjects.map((s) => `${s.type}:${s.id}`));
      return [...subjects, ...more.filter((s) => !known.has(`${s.type}:${s.id}`))];
    };
    if (prepared.translation) {
      const { language, units, changed } = prepared.translation;
      this.draft.summary = `upload translation (${language}): ${units} units, ${changed} changed`;
    }
  }

  answered(status: number, captured: (() => Buffer | undefined) | undefined): void {
    this.draft.upstreamStatus = status;
    this.draft.captured = captured;
  }
}
