// The audit log: one row per state-changing call, written by every console server into the one table
// (each row names its server), newest first by seq (keyset pagination).
import type { Db } from './database.ts';

export interface AuditEntry {
  seq: number;
  at: number;
  serverName: string | null;
  userEmail: string | null;
  role: string | null;
  clientAddress: string | null;
  method: string;
  route: string;
  path: string;
  operation: string;
  summary: string;
  bodySha256: string | null;
  bodyBytes: number | null;
  status: number;
  upstreamStatus: number | null;
  jobId: string | null;
  refusal: string | null;
  durationMs: number;
}
export type NewAuditEntry = Omit<AuditEntry, 'seq'>;

export interface AuditFilter {
  user?: string;
  /** `METHOD /path/template`, the template alone, or an operation name (`updateCourses`). */
  route?: string;
  /** Exact status, or a class like 4 for 4xx. */
  status?: { exact: number } | { hundreds: number };
  /** The console server that recorded the call. */
  server?: string;
  from?: number;
  to?: number;
}

const COLUMNS = [
  'seq',
  'at',
  'server_name as serverName',
  'user_email as userEmail',
  'role',
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
] as const;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function createAuditRepo(db: Db) {
  function page(filter: AuditFilter, beforeSeq: number | undefined, limit: number) {
    const { user, route, status, server, from, to } = filter;
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
      .$if(from !== undefined, (q) => q.where('at', '>=', from!))
      .$if(to !== undefined, (q) => q.where('at', '<', to!))
      .$if(beforeSeq !== undefined, (q) => q.where('seq', '<', beforeSeq!))
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
  }

  return {
    async insert(entry: NewAuditEntry): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          at: entry.at,
          server_name: entry.serverName,
          user_email: entry.userEmail,
          role: entry.role,
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
        })
        .execute();
    },
    page: (filter: AuditFilter, beforeSeq: number | undefined, limit: number) =>
      page(filter, beforeSeq, limit) as Promise<AuditEntry[]>,
    /** Every matching row, newest first, read in keyset pages (no long-running query or cursor). */
    async *iterate(filter: AuditFilter, pageSize = 1000): AsyncGenerator<AuditEntry> {
      let before: number | undefined;
      for (;;) {
        const rows = (await page(filter, before, pageSize)) as AuditEntry[];
        yield* rows;
        if (rows.length < pageSize) return;
        before = rows[rows.length - 1]!.seq;
      }
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
