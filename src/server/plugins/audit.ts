// The audit plugin: every state-changing request under /api gets an audit draft as soon as it is routed
// (so a refusal by CSRF, session or role is recorded and named too), refusals say why, and the row is
// completed when the answer has gone out, or 'aborted' when the client left before it. What the rows hold, and audit before effect, are in
// audit/audit-trail-service.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  AuditDraft,
  AuditTrailService,
  SettledOutcome,
} from '../audit/audit-trail-service.ts';
import { ApiError } from '../errors.ts';
import { isStateChanging } from './csrf.ts';

declare module 'fastify' {
  interface FastifyRequest {
    audit: AuditDraft | null;
  }
}

/** Names the operation of a path before any handler runs, so early refusals (CSRF) are named too. */
export type OperationNamer = (
  method: string,
  path: string,
) => { operation: string; route: string } | undefined;

/** Called by the request pipeline for every /api request: state-changing ones get an audit draft. */
export function startAuditDraft(
  request: FastifyRequest,
  nameOperation: OperationNamer,
  path: string,
): void {
  if (!isStateChanging(request.method)) return;
  const named = nameOperation(request.method, path);
  request.audit = newAuditDraft(
    request.method,
    path,
    named,
    request.routeOptions.config?.consoleEndpoint?.audit === 'refusals',
  );
}

/** A draft named by `named`, or after its method and path until the route names it. */
export function newAuditDraft(
  method: string,
  path: string,
  named?: { operation: string; route: string },
  refusalsOnly = false,
): AuditDraft {
  return {
    operation: named?.operation ?? 'unknown',
    route: named?.route ?? `${method} ${path}`,
    path,
    summary: `${method} ${path}`,
    bodySha256: null,
    bodyBytes: null,
    upstreamStatus: null,
    jobId: null,
    refusal: null,
    ...(refusalsOnly && { refusalsOnly: true }),
  };
}

export function registerAudit(app: FastifyInstance, trail: AuditTrailService): void {
  app.decorateRequest('audit', null);
  const settle = (request: FastifyRequest, reply: FastifyReply, outcome: SettledOutcome) => {
    const draft = request.audit;
    if (!draft || draft.settled) return Promise.resolve();
    draft.settled = true;
    return trail.finish(request, reply, outcome);
  };
  const settleAborted = (request: FastifyRequest, reply: FastifyReply) =>
    void settle(request, reply, 'aborted').catch((error: unknown) =>
      request.log.error({ err: error }, 'audit row of an aborted call not written'),
    );
  app.addHook('onRequest', (request, reply, done) => {
    // The draft is made later in this hook chain; the connection's end is what is watched here.
    if (isStateChanging(request.method))
      reply.raw.once('close', () => {
        const draft = request.audit;
        if (!draft || draft.settled || reply.raw.writableFinished) return;
        // The handler may still be at work (a write on its way upstream): the row waits for its answer.
        if (draft.answered) settleAborted(request, reply);
        else draft.closedEarly = true;
      });
    done();
  });
  app.addHook('onError', async (request, _reply, error) => {
    // The console's own refusals (CSRF, session, role) say why in the audit row.
    if (request.audit && request.audit.refusal === null && error instanceof ApiError)
      if (error.statusCode === 401 || error.statusCode === 403)
        request.audit.refusal = error.message;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const draft = request.audit;
    if (draft) {
      draft.answered = true;
      if (draft.closedEarly) settleAborted(request, reply);
    }
    done(null, payload);
  });
  app.addHook('onResponse', async (request, reply) => {
    await settle(request, reply, reply.raw.writableFinished ? 'completed' : 'aborted');
  });
}
