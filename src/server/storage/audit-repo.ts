// The audit log: one row per state-changing call, newest first by seq (keyset pagination).
import type { Statement } from 'better-sqlite3';
import type { AuditSubject } from '../audit/subjects.ts';
import type { Db } from './database.ts';
import { SqlWhere } from './sql-where.ts';

export interface AuditEntry {
  seq: number;
  at: number;
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
  subjects: AuditSubject[];
}
export type NewAuditEntry = Omit<AuditEntry, 'seq'>;

/** A row as SQLite holds it: subjects as JSON text. */
type AuditRow = Omit<AuditEntry, 'subjects'> & { subjects: string };

function subjectsOf(json: string): AuditSubject[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as AuditSubject[]) : [];
  } catch {
    return [];
  }
}

export interface AuditFilter {
  user?: string;
  /** `METHOD /path/template`, the template alone, or an operation name (`updateCourses`). */
  route?: string;
  /** Exact status, or a class like 4 for 4xx. */
  status?: { exact: number } | { hundreds: number };
  from?: number;
  to?: number;
}

const COLUMNS = `seq, at, user_email AS userEmail, role, client_address AS clientAddress, method, route, path,
  operation, summary, body_sha256 AS bodySha256, body_bytes AS bodyBytes, status,
  upstream_status AS upstreamStatus, job_id AS jobId, refusal, duration_ms AS durationMs, subjects`;

function whereClause(filter: AuditFilter, beforeSeq: number | undefined) {
  const { user, route, status, from, to } = filter;
  const hundreds = status && 'hundreds' in status ? status.hundreds * 100 : 0;
  return new SqlWhere()
    .add(user !== undefined, 'user_email = ?', user!)
    .add(
      route !== undefined,
      "(route = ? OR operation = ? OR substr(route, instr(route, ' ') + 1) = ?)",
      route!,
      route!,
      route!,
    )
    .add(
      status !== undefined && 'exact' in status,
      'status = ?',
      (status as { exact: number })?.exact,
    )
    .add(hundreds > 0, 'status >= ? AND status < ?', hundreds, hundreds + 100)
    .add(from !== undefined, 'at >= ?', from!)
    .add(to !== undefined, 'at < ?', to!)
    .add(beforeSeq !== undefined, 'seq < ?', beforeSeq!);
}

export function createAuditRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO audit_log (at, user_email, role, client_address, method, route, path, operation, summary,
       body_sha256, body_bytes, status, upstream_status, job_id, refusal, duration_ms, subjects)
     VALUES (@at, @userEmail, @role, @clientAddress, @method, @route, @path, @operation, @summary,
       @bodySha256, @bodyBytes, @status, @upstreamStatus, @jobId, @refusal, @durationMs, @subjects)`,
  );
  // Filter shapes are few; cache one prepared statement per generated SQL text.
  const statements = new Map<string, Statement<unknown[]>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare<unknown[]>(sql)));
    return statement;
  };

  return {
    insert: (entry: NewAuditEntry): number =>
      Number(insert.run({ ...entry, subjects: JSON.stringify(entry.subjects) }).lastInsertRowid),
    page(filter: AuditFilter, beforeSeq: number | undefined, limit: number): AuditEntry[] {
      const where = whereClause(filter, beforeSeq);
      const rows = prepared(
        `SELECT ${COLUMNS} FROM audit_log ${where.sql} ORDER BY seq DESC LIMIT ?`,
      ).all(...where.params, limit) as AuditRow[];
      return rows.map((row) => ({ ...row, subjects: subjectsOf(row.subjects) }));
    },
    /**
     * Every matching row, newest first, fetched in keyset pages: an open SQLite iterator would hold the
     * connection busy across the export's async writes and block every other query.
     */
    *iterate(filter: AuditFilter, pageSize = 1000): Generator<AuditEntry> {
      let before: number | undefined;
      for (;;) {
        const rows = this.page(filter, before, pageSize);
        yield* rows;
        if (rows.length < pageSize) return;
        before = rows[rows.length - 1]!.seq;
      }
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
