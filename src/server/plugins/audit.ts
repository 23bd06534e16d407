// The audit plugin: every state-changing request under /api gets an audit draft as soon as it is routed
// (so a refusal by CSRF, session or role is recorded and named too), refusals say why, and the row is
// completed when the answer has gone out. What the rows hold, and audit before effect, are in
// audit/audit-trail-service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditDraft, AuditTrailService } from '../audit/audit-trail-service.ts';
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
  request.audit = {
    operation: named?.operation ?? 'unknown',
    route: named?.route ?? `${request.method} ${path}`,
    path,
    summary: `${request.method} ${path}`,
    bodySha256: null,
    bodyBytes: null,
    upstreamStatus: null,
    jobId: null,
    refusal: null,
  };
}

export function registerAudit(app: FastifyInstance, trail: AuditTrailService): void {
  app.decorateRequest('audit', null);
  app.addHook('onError', async (request, _reply, error) => {
    // The console's own refusals (CSRF, session, role) say why in the audit row.
    if (request.audit && request.audit.refusal === null && error instanceof ApiError)
      if (error.statusCode === 401 || error.statusCode === 403)
        request.audit.refusal = error.message;
  });
  app.addHook('onResponse', async (request, reply) => {
    await trail.finish(request, reply);
  });
}
