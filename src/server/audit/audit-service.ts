// Records every state-changing call under /api once its response is finished: who, when, which route, a
// summary and SHA-256 of the body, the status returned, the upstream status and any background job id.
// Refused calls (CSRF, role) are recorded too: they are what an auditor looks for. Each row names the
// console server that wrote it.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { isStateChanging } from '../plugins/csrf.ts';
import type { AuditRepo, NewAuditEntry } from '../storage/audit-repo.ts';

export interface AuditDraft {
  operation: string;
  route: string;
  path: string;
  summary: string;
  bodySha256: string | null;
  bodyBytes: number | null;
  upstreamStatus: number | null;
  jobId: string | null;
  refusal: string | null;
  /** Overrides the session's email (sign-in attempts have no session yet). */
  userEmail?: string;
  /** For streamed bodies: the hash and size of what was forwarded, known once it has passed. */
  bodyDigest?: () => { sha256: string; bytes: number };
  /** For streamed bodies: the summary, once the size is known. */
  summaryFor?: (bytes: number) => string;
  /** Response bytes captured while streaming, for the background job id. */
  captured?: () => Buffer | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    audit: AuditDraft | null;
  }
}

export function jobIdFrom(body: Buffer | undefined): string | null {
  if (!body || body.length === 0) return null;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { backgroundJob?: { id?: unknown } };
    const id = parsed?.backgroundJob?.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
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

/**
 * Audit rows that could not be written (the database was unreachable) wait here and are written as soon
 * as it answers again, oldest first; nothing a user did goes unrecorded while this process lives.
 */
export class AuditBacklog {
  private readonly pending: NewAuditEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing = false;

  constructor(
    private readonly repo: AuditRepo,
    private readonly log: FastifyBaseLogger,
    private readonly retryMs = 1000,
  ) {}

  get size(): number {
    return this.pending.length;
  }

  async write(entry: NewAuditEntry): Promise<void> {
    if (this.pending.length === 0) {
      try {
        await this.repo.insert(entry);
        return;
      } catch (error) {
        this.log.error({ err: error }, 'audit write failed; kept in memory and retried');
      }
    }
    this.pending.push(entry);
    this.schedule();
  }

  /** Writes what is pending now; stops at the first failure (kept for the next try). */
  async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        await this.repo.insert(this.pending[0]!);
        this.pending.shift();
      }
    } finally {
      this.flushing = false;
    }
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch(() => this.schedule());
    }, this.retryMs);
    this.timer.unref();
  }
}

export function registerAudit(
  app: FastifyInstance,
  backlog: AuditBacklog,
  options: { now: () => number; serverName: string },
): void {
  app.decorateRequest('audit', null);
  app.addHook('onError', async (request, _reply, error) => {
    // The console's own refusals (CSRF, session, role) say why in the audit row.
    if (request.audit && request.audit.refusal === null && error instanceof ApiError)
      if (error.statusCode === 401 || error.statusCode === 403)
        request.audit.refusal = error.message;
  });
  app.addHook('onResponse', async (request, reply) => {
    const draft = request.audit;
    if (!draft) return;
    const session = request.consoleSession;
    const status = reply.statusCode;
    const digest = draft.bodyDigest?.();
    await backlog.write({
      at: options.now(),
      serverName: options.serverName,
      userEmail: draft.userEmail ?? session?.email ?? null,
      role: session?.role ?? null,
      clientAddress: request.ip,
      method: request.method,
      route: draft.route,
      path: draft.path,
      operation: draft.operation,
      summary: digest && draft.summaryFor ? draft.summaryFor(digest.bytes) : draft.summary,
      bodySha256: digest?.sha256 ?? draft.bodySha256,
      bodyBytes: digest?.bytes ?? draft.bodyBytes,
      status,
      upstreamStatus: draft.upstreamStatus,
      jobId: draft.jobId ?? jobIdFrom(draft.captured?.()),
      refusal: draft.refusal,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
    });
  });
}
