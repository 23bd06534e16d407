// Queueing background jobs (spec 2.8, 7.2 pending-job limit) and reading them (`GET /jobs/{id}`).
import { randomUUID } from 'node:crypto';
import {
  READ_MESSAGES,
  type BackgroundJob,
  type ContentUploadType,
  type Job,
} from '#contract/index.ts';
import type { SandboxDeps } from '../../deps.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { createJobRepository } from '../../storage/job-repository.ts';

/** One file a create or update asks the sandbox to fetch. */
export interface PlannedUpload {
  field: string;
  contentType: ContentUploadType;
  url: string;
  topicId: string | null;
  courseId: string | null;
  courseGroupId: string | null;
}

export type EnqueueResult =
  | { kind: 'none' }
  | { kind: 'queued'; backgroundJob: BackgroundJob }
  /** The company already has `limit` pending jobs: nothing was queued. */
  | { kind: 'limitHit'; limit: number };

export function createJobService(deps: SandboxDeps) {
  const jobs = createJobRepository(deps.db);

  /** The one writer of a job row: queued now, taken by the job worker after the configured delay. */
  function insertJob(companyId: string, type: Job['type'], payload: unknown): string {
    const nowMs = deps.now();
    const at = new Date(nowMs).toISOString();
    const id = randomUUID();
    jobs.insert({
      id,
      company_id: companyId,
      type,
      status: 'queued',
      payload: payload === null ? null : JSON.stringify(payload),
      run_after_ms: nowMs + deps.settings.get().jobDelayMs,
      created_at: at,
      updated_at: at,
    });
    return id;
  }

  return {
    /** Queues a job that carries its work in its payload (a bulk import names its file there). */
    enqueue(companyId: string, type: Job['type'], payload: unknown) {
      const id = insertJob(companyId, type, payload);
      return { backgroundJob: { id, type, status: 'queued' as const } };
    },

    /**
     * Queues one `contentBulkUpload` job for `uploads`. Call inside the request's transaction so the
     * job and the content it refers to appear together. `withCourseId`: create responses name the
     * course of each upload; update responses do not (spec 2.8).
     */
    enqueueUploads(
      companyId: string,
      uploads: readonly PlannedUpload[],
      withCourseId: boolean,
    ): EnqueueResult {
      if (uploads.length === 0) return { kind: 'none' };
      const { pendingJobLimit } = deps.settings.get();
      if (jobs.pendingCount(companyId) >= pendingJobLimit)
        return { kind: 'limitHit', limit: pendingJobLimit };
      const id = insertJob(companyId, 'contentBulkUpload', null);
      for (const upload of uploads)
        jobs.insertUpload({
          job_id: id,
          topic_id: upload.topicId,
          course_id: upload.courseId,
          course_group_id: upload.courseGroupId,
          field: upload.field,
          content_type: upload.contentType,
          url: upload.url,
          status: 'queued',
          error: null,
        });
      return {
        kind: 'queued',
        backgroundJob: {
          id,
          type: 'contentBulkUpload',
          status: 'queued',
          contentUploads: uploads.map((u) => ({
            topicId: u.topicId,
            contentType: u.contentType,
            ...(withCourseId && u.courseId ? { courseId: u.courseId } : {}),
          })),
        },
      };
    },

    /** The company's job; another company's id is indistinguishable from an unknown one. */
    find(companyId: string, id: string): Job {
      const row = jobs.find(companyId, id);
      if (!row) throw new NotFoundError(READ_MESSAGES.notFound('Job', id));
      return {
        id: row.id,
        type: row.type as Job['type'],
        status: row.status as Job['status'],
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        completedAt: row.completed_at,
        failureReason: row.failure_reason,
        contentUploads: jobs.uploadsOf(row.id).map((u) => ({
          topicId: u.topic_id,
          contentType: u.content_type as ContentUploadType,
          ...(u.course_id ? { courseId: u.course_id } : {}),
          url: u.url,
          status: u.status as Job['status'],
          error: u.error,
        })),
      };
    },
  };
}
export type JobService = ReturnType<typeof createJobService>;
