// Records every state-changing call under /api: who, when, which route, a summary and SHA-256 of the
// body, the status returned, the upstream status and any background job id. Refused calls (CSRF, role)
// are recorded too: they are what an auditor looks for. Each row names the console server that wrote it.
//
// Audit before effect: a call that is about to take effect (forwarded upstream, a role or a session
// changed) is recorded first, outcome 'pending', by `begin`; if that write fails, the call is refused
// (503) and nothing happens. Once answered, the row is completed. A server killed in between leaves the
// row pending; when it starts again it marks its pending rows 'unknown'. So a crash leaves "outcome
// unknown", never nothing. Calls refused before `begin` get one row, written when they are answered.
// A client that closes the connection before the answer reached it gets outcome 'aborted': the row is
// written once the console has its answer (what the instance said, when the call was forwarded), with no
// status, since none was delivered.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type {
  AuditCompletion,
  AuditRepository,
  NewAuditRecord,
} from '../storage/audit-repository.ts';
import type { AuditOutcome, AuditSubject } from '#contract/console/audit.ts';
import type { ConsoleRole } from '#contract/console/access.ts';
import type { SignInMethod } from '#contract/console/session.ts';

/** How an answered call ends: answered, or its client gone before the answer reached it. */
export type SettledOutcome = Extract<AuditOutcome, 'completed' | 'aborted'>;

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
  /** Overrides the session's sign-in method (a sign-in attempt records its own). */
  signInMethod?: SignInMethod;
  /**
   * Overrides the session's role: a sign-in records the role it granted (null: none), not the caller's
   * role before it (none, or the role of the session it replaces).
   */
  role?: ConsoleRole | null;
  /** Response bytes captured while streaming, for the background job id. */
  captured?: () => Buffer | undefined;
  /** The row written by `begin` (pending until this call is answered). */
  seq?: number;
  /** The courses, groups and learning paths the call touched (audit/subjects.ts). */
  subjects?: AuditSubject[];
  /** Completes `subjects` from the captured answer (create's new ids). */
  subjectsFor?: (answer: Buffer | undefined) => AuditSubject[];
  /** The handler has answered (the answer may still be on its way to the client). */
  answered?: boolean;
  /** The client closed the connection before the handler answered. */
  closedEarly?: boolean;
  /** The row has been (or is being) completed: once only. */
  settled?: boolean;
  /** Only a refused call gets a row (an endpoint declared `audit: 'refusals'`: a heartbeat). */
  refusalsOnly?: boolean;
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

type BacklogItem =
  | { kind: 'insert'; entry: NewAuditRecord }
  | { kind: 'complete'; seq: number; answer: AuditCompletion; outcome: SettledOutcome };

/**
 * Audit writes that failed (the database was unreachable) wait here and are retried as soon as it answers
 * again, oldest first; nothing a user did goes unrecorded while this process lives.
 */
export class AuditBacklog {
  private readonly pending: BacklogItem[] = [];
  /** Writes on their way to the database (a row is written after its call's answer has gone out). */
  private readonly writing = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing = false;

  constructor(
    private readonly repo: AuditRepository,
    private readonly log: Logger,
    private readonly retryMs = 1000,
  ) {}

  get size(): number {
    return this.pending.length;
  }

  write(entry: NewAuditRecord): Promise<void> {
    return this.add({ kind: 'insert', entry });
  }

  complete(seq: number, answer: AuditCompletion, outcome: SettledOutcome): Promise<void> {
    return this.add({ kind: 'complete', seq, answer, outcome });
  }

  /**
   * Resolves once the writes started before this call have reached the database (or the backlog):
   * a client that has its answer and then reads the audit log finds the row of the call it made.
   */
  async written(): Promise<void> {
    await Promise.allSettled([...this.writing]);
  }

  private add(item: BacklogItem): Promise<void> {
    const write = this.addNow(item);
    this.writing.add(write);
    void write.finally(() => this.writing.delete(write)).catch(() => undefined);
    return write;
  }

  private async addNow(item: BacklogItem): Promise<void> {
    if (this.pending.length === 0) {
      try {
        await this.apply(item);
        return;
      } catch (error) {
        this.log.error({ err: error }, 'audit write failed; kept in memory and retried');
      }
    }
    this.pending.push(item);
    this.schedule();
  }

  private async apply(item: BacklogItem): Promise<void> {
    if (item.kind === 'insert') await this.repo.insert(item.entry);
    else await this.repo.complete(item.seq, item.answer, item.outcome);
  }

  /** Writes what is pending now; stops at the first failure (kept for the next try). */
  async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        await this.apply(this.pending[0]!);
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

/**
 * A Content API call the console server makes on its own, for someone (a scheduled action, an approved
 * publish request): recorded under that person, with no client address.
 */
export interface OwnCall {
  userEmail: string;
  role: string;
  method: string;
  route: string;
  path: string;
  operation: string;
  summary: string;
  bodySha256: string;
  bodyBytes: number;
  subjects: AuditSubject[];
}

export interface AuditTrailOptions {
  now: () => number;
  serverName: string;
}

/** Writes the rows: `begin` before a call takes effect, `finish` when it is answered (plugins/audit.ts). */
export function createAuditTrailService(
  repo: AuditRepository,
  backlog: AuditBacklog,
  options: AuditTrailOptions,
) {
  function entryOf(request: FastifyRequest, draft: AuditDraft): NewAuditRecord {
    const session = request.consoleSession;
    return {
      at: options.now(),
      serverName: options.serverName,
      userEmail: draft.userEmail ?? session?.email ?? null,
      role: draft.role !== undefined ? draft.role : (session?.role ?? null),
      signedInWith: draft.signInMethod ?? session?.signInMethod ?? null,
      clientAddress: request.ip,
      method: request.method,
      route: draft.route,
      path: draft.path,
      operation: draft.operation,
      summary: draft.summary,
      bodySha256: draft.bodySha256,
      bodyBytes: draft.bodyBytes,
      status: null,
      upstreamStatus: null,
      jobId: null,
      refusal: null,
      durationMs: null,
      outcome: 'pending',
      subjects: draft.subjects ?? [],
    };
  }

  function answerOf(
    request: FastifyRequest,
    reply: FastifyReply,
    draft: AuditDraft,
    outcome: SettledOutcome,
  ): AuditCompletion {
    const session = request.consoleSession;
    return {
      userEmail: draft.userEmail ?? session?.email ?? null,
      role: draft.role !== undefined ? draft.role : (session?.role ?? null),
      signedInWith: draft.signInMethod ?? session?.signInMethod ?? null,
      summary: draft.summary,
      bodySha256: draft.bodySha256,
      bodyBytes: draft.bodyBytes,
      // An aborted call's answer never reached its client.
      status: outcome === 'aborted' ? null : reply.statusCode,
      upstreamStatus: draft.upstreamStatus,
      jobId: draft.jobId ?? jobIdFrom(draft.captured?.()),
      refusal: draft.refusal,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      subjects: draft.subjectsFor?.(draft.captured?.()) ?? draft.subjects ?? [],
    };
  }

  return {
    /**
     * Records the call before it takes effect. Throws when the row cannot be written (a 503
     * `database_unavailable`): the caller must then not go on.
     */
    async begin(request: FastifyRequest): Promise<void> {
      const draft = request.audit;
      if (!draft || draft.seq !== undefined) return;
      draft.seq = await repo.insert(entryOf(request, draft));
    },
    /** The answer: completes the pending row, or writes the whole row of a call that never began. */
    finish(
      request: FastifyRequest,
      reply: FastifyReply,
      outcome: SettledOutcome = 'completed',
    ): Promise<void> {
      const draft = request.audit;
      if (!draft) return Promise.resolve();
      if (draft.refusalsOnly && (outcome === 'aborted' || reply.statusCode < 400))
        return Promise.resolve();
      const answer = answerOf(request, reply, draft, outcome);
      if (draft.seq !== undefined) return backlog.complete(draft.seq, answer, outcome);
      return backlog.write({ ...entryOf(request, draft), ...answer, outcome });
    },
    /**
     * Records a call of the server's own before it takes effect (pending); throws when the row cannot be
     * written, and the caller must then not go on. Returns the row's seq for `finishOwn`.
     */
    beginOwn: (call: OwnCall): Promise<number> =>
      repo.insert({
        ...call,
        at: options.now(),
        serverName: options.serverName,
        clientAddress: null,
        status: null,
        upstreamStatus: null,
        jobId: null,
        refusal: null,
        durationMs: null,
        outcome: 'pending',
      }),
    /** Completes it: what the instance answered (its status is the call's), or why there was none. */
    finishOwn(
      seq: number,
      call: OwnCall,
      answer: { upstreamStatus: number | null; durationMs: number; refusal: string | null },
    ): Promise<void> {
      return backlog.complete(
        seq,
        {
          userEmail: call.userEmail,
          role: call.role,
          summary: call.summary,
          bodySha256: call.bodySha256,
          bodyBytes: call.bodyBytes,
          status: answer.upstreamStatus,
          upstreamStatus: answer.upstreamStatus,
          jobId: null,
          refusal: answer.refusal,
          durationMs: Math.round(answer.durationMs * 100) / 100,
          subjects: call.subjects,
        },
        'completed',
      );
    },
    /** At start: this server's rows still pending were cut off by its previous run. */
    abandonPending: () => repo.abandonPending(options.serverName),
  };
}
export type AuditTrailService = ReturnType<typeof createAuditTrailService>;
