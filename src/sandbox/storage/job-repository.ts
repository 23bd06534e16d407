// Background jobs and their uploads. `run_after_ms` is when the worker may take the job's next step.
import type { Db } from './database.ts';

export interface JobRow {
  id: string;
  company_id: string;
  type: string;
  status: string;
  payload: string | null;
  failure_reason: string | null;
  run_after_ms: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface JobUploadRow {
  seq: number;
  job_id: string;
  topic_id: string | null;
  course_id: string | null;
  course_group_id: string | null;
  field: string;
  content_type: string;
  url: string;
  status: string;
  error: string | null;
}

export type JobUploadColumns = Omit<JobUploadRow, 'seq'>;

export function createJobRepository(db: Db) {
  const insert = db.prepare<[Omit<JobRow, 'failure_reason' | 'completed_at'>]>(
    `INSERT INTO jobs (id, company_id, type, status, payload, run_after_ms, created_at, updated_at)
     VALUES (@id, @company_id, @type, @status, @payload, @run_after_ms, @created_at, @updated_at)`,
  );
  const insertUpload = db.prepare<[JobUploadColumns]>(
    `INSERT INTO job_uploads (job_id, topic_id, course_id, course_group_id, field, content_type, url, status, error)
     VALUES (@job_id, @topic_id, @course_id, @course_group_id, @field, @content_type, @url, @status, @error)`,
  );
  const pending = db.prepare<[string], { n: number }>(
    `SELECT COUNT(*) AS n FROM jobs WHERE company_id = ? AND status IN ('queued', 'processing')`,
  );
  const byId = db.prepare<[string, string], JobRow>(
    'SELECT * FROM jobs WHERE company_id = ? AND id = ?',
  );
  const uploads = db.prepare<[string], JobUploadRow>(
    'SELECT * FROM job_uploads WHERE job_id = ? ORDER BY seq',
  );
  const due = db.prepare<[string, number, number], JobRow>(
    'SELECT * FROM jobs WHERE status = ? AND run_after_ms <= ? ORDER BY run_after_ms LIMIT ?',
  );
  const advance = db.prepare<[string, number, string, string]>(
    'UPDATE jobs SET status = ?, run_after_ms = ?, updated_at = ? WHERE id = ?',
  );
  const finish = db.prepare<[string, string | null, string, string, string]>(
    'UPDATE jobs SET status = ?, failure_reason = ?, updated_at = ?, completed_at = ? WHERE id = ?',
  );
  const uploadsStatus = db.prepare<[string, string]>(
    'UPDATE job_uploads SET status = ? WHERE job_id = ?',
  );
  const uploadResult = db.prepare<[string, string | null, number]>(
    'UPDATE job_uploads SET status = ?, error = ? WHERE seq = ?',
  );

  return {
    insert: (row: Omit<JobRow, 'failure_reason' | 'completed_at'>) => void insert.run(row),
    insertUpload: (row: JobUploadColumns) => void insertUpload.run(row),
    /** Queued plus processing jobs of a company (the pending-job limit counts these). */
    pendingCount: (companyId: string) => pending.get(companyId)?.n ?? 0,
    find: (companyId: string, id: string) => byId.get(companyId, id),
    uploadsOf: (jobId: string) => uploads.all(jobId),
    due: (status: 'queued' | 'processing', nowMs: number, limit: number) =>
      due.all(status, nowMs, limit),
    /** Moves a job and all its uploads to `status`, to be looked at again at `runAfterMs`. */
    advance(jobId: string, status: string, runAfterMs: number, at: string) {
      advance.run(status, runAfterMs, at, jobId);
      uploadsStatus.run(status, jobId);
    },
    finish: (jobId: string, status: 'completed' | 'failed', reason: string | null, at: string) =>
      void finish.run(status, reason, at, at, jobId),
    setUploadResult: (seq: number, status: 'completed' | 'failed', error: string | null) =>
      void uploadResult.run(status, error, seq),
  };
}
export type JobRepository = ReturnType<typeof createJobRepository>;
