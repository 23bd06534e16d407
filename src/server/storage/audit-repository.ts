// The audit log: one row per state-changing call, written by every console server into the one table
// (each row names its server), newest first by seq (keyset pagination). A call that takes effect (is
// forwarded, changes a role or a session) is inserted 'pending' first and completed once answered.
import type { AuditOutcome, AuditSubject } from '#contract/console/audit.ts';
import type { SignInMethod } from '#contract/console/session.ts';
import type { Db } from './database.ts';

/** An audit row as stored: `at` in epoch milliseconds (the contract's AuditEntry is what the API sends). */
export interface AuditRecord {
  seq: number;
  at: number;
  serverName: string | null;
  userEmail: string | null;
  role: string | null;
  /** How the user signed in (the session's, or a sign-in's own). */
  signedInWith: SignInMethod | null;
  clientAddress: string | null;
  method: string;
  route: string;
  path: string;
  operation: string;
  summary: string;
  bodySha256: string | null;
  bodyBytes: number | null;
  /**
   * null until the call is answered (outcome 'pending'), and forever when its outcome is 'unknown' or
   * 'aborted' (its client closed the connection before the answer reached it).
   */
  status: number | null;
  upstreamStatus: number | null;
  jobId: string | null;
  refusal: string | null;
  durationMs: number | null;
  outcome: AuditOutcome;
  /** The courses, groups and learning paths the call touched. */
  subjects: AuditSubject[];
}
export type NewAuditRecord = Omit<AuditRecord, 'seq' | 'signedInWith'> & {
  signedInWith?: SignInMethod | null;
};

function subjectsOf(json: string): AuditSubject[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as AuditSubject[]) : [];
  } catch {
    return [];
  }
}
/** What only the answer tells: written into a pending row to complete it. */
export type AuditCompletion = Pick<
  AuditRecord,
  | 'status'
  | 'upstreamStatus'
  | 'jobId'
  | 'refusal'
  | 'durationMs'
  | 'summary'
  | 'bodySha256'
  | 'bodyBytes'
  | 'userEmail'
  | 'role'
  | 'subjects'
> & { status: number | null; signedInWith?: SignInMethod | null };

export interface AuditFilter {
  user?: string;
  /** `METHOD /path/template`, the template alone, or an operation name (`updateCourses`). */
  route?: string;
  /** Exact status, or a class like 4 for 4xx. */
  status?: { exact: number } | { hundreds: number };
  /** The console server that recorded the call. */
  server?: string;
  outcome?: AuditOutcome;
  from?: number;
  to?: number;
}

const COLUMNS = [
  'seq',
  'at',
  'server_name as serverName',
  'user_email as userEmail',
  'role',
  'sign_in_method as signedInWith',
  'client_address as clientAddress',
  'method',
  'route',
  'path',
  'operation',
  'summary',
  'body_sha256 as bodySha256',
  'body_bytes as bodyBytes',
  'status',
  'upstream_status as upstreamStatus',
  'job_id as jobId',
  'refusal',
  'duration_ms as durationMs',
  'outcome',
  'subjects',
] as const;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Rows as stored (subjects as JSON text) into entries. */
const toEntries = (rows: readonly (Omit<AuditRecord, 'subjects'> & { subjects: string })[]) =>
  rows.map((row): AuditRecord => ({ ...row, subjects: subjectsOf(row.subjects) }));

export function createAuditRepository(db: Db) {
  function page(filter: AuditFilter, beforeSeq: number | undefined, limit: number) {
    const { user, route, status, server, outcome, from, to } = filter;
    return db
      .selectFrom('audit_log')
      .select(COLUMNS)
      .$if(user !== undefined, (q) => q.where('user_email', '=', user!))
      .$if(route !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('route', '=', route!),
            eb('operation', '=', route!),
            // The template alone matches it under any method ("POST /api/...").
            eb(
              'route',
              'in',
              METHODS.map((method) => `${method} ${route!}`),
            ),
          ]),
        ),
      )
      .$if(status !== undefined && 'exact' in status, (q) =>
        q.where('status', '=', (status as { exact: number }).exact),
      )
      .$if(status !== undefined && 'hundreds' in status, (q) => {
        const base = (status as { hundreds: number }).hundreds * 100;
        return q.where('status', '>=', base).where('status', '<', base + 100);
      })
      .$if(server !== undefined, (q) => q.where('server_name', '=', server!))
      .$if(outcome !== undefined, (q) => q.where('outcome', '=', outcome!))
      .$if(from !== undefined, (q) => q.where('at', '>=', from!))
      .$if(to !== undefined, (q) => q.where('at', '<', to!))
      .$if(beforeSeq !== undefined, (q) => q.where('seq', '<', beforeSeq!))
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
  }

  return {
    /** Inserts a row; returns its seq. */
    async insert(entry: NewAuditRecord): Promise<number> {
      const row = await db
        .insertInto('audit_log')
        .values({
          at: entry.at,
          server_name: entry.serverName,
          user_email: entry.userEmail,
          role: entry.role,
          sign_in_method: entry.signedInWith ?? null,
          client_address: entry.clientAddress,
          method: entry.method,
          route: entry.route,
          path: entry.path,
          operation: entry.operation,
          summary: entry.summary,
          body_sha256: entry.bodySha256,
          body_bytes: entry.bodyBytes,
          status: entry.status,
          upstream_status: entry.upstreamStatus,
          job_id: entry.jobId,
          refusal: entry.refusal,
          duration_ms: entry.durationMs,
          outcome: entry.outcome,
          subjects: JSON.stringify(entry.subjects),
        })
        .returning('seq')
        .executeTakeFirstOrThrow();
      return row.seq;
    },
    /** Completes a pending row with its answer (an 'unknown' one too: the answer came after all). */
    async complete(
      seq: number,
      answer: AuditCompletion,
      outcome: 'completed' | 'aborted' = 'completed',
    ): Promise<void> {
      await db
        .updateTable('audit_log')
        .set({
          status: answer.status,
          upstream_status: answer.upstreamStatus,
          job_id: answer.jobId,
          refusal: answer.refusal,
          duration_ms: answer.durationMs,
          summary: answer.summary,
          body_sha256: answer.bodySha256,
          body_bytes: answer.bodyBytes,
          user_email: answer.userEmail,
          role: answer.role,
          sign_in_method: answer.signedInWith ?? null,
          subjects: JSON.stringify(answer.subjects),
          outcome,
        })
        .where('seq', '=', seq)
        .execute();
    },
    /**
     * At start: the rows this server left pending can no longer be completed (it stopped before their
     * answers); their outcome is unknown. Returns how many.
     */
    async abandonPending(serverName: string): Promise<number> {
      const result = await db
        .updateTable('audit_log')
        .set({ outcome: 'unknown' })
        .where('outcome', '=', 'pending')
        .where('server_name', '=', serverName)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    page: async (filter: AuditFilter, beforeSeq: number | undefined, limit: number) =>
      toEntries(await page(filter, beforeSeq, limit)),
    /** Every matching row, newest first, read in keyset pages (no long-running query or cursor). */
    async *iterate(filter: AuditFilter, pageSize = 1000): AsyncGenerator<AuditRecord> {
      let before: number | undefined;
      for (;;) {
        const rows = toEntries(await page(filter, before, pageSize));
        yield* rows;
        if (rows.length < pageSize) return;
        before = rows[rows.length - 1]!.seq;
      }
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
