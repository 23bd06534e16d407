// The one way a background job reaches the jobs tray: every write whose answer may carry a
// `backgroundJob` (create, update) hands the answer here, with the course or group the job belongs to
// when the caller knows it (the tray otherwise finds it from the job's uploads), and the page the
// action happened on (its end is announced there).
import { z } from '#contract/zod.ts';
import { BackgroundJob } from '#contract/schemas/background-job.ts';
import { BulkImportResponse } from '#contract/schemas/release.ts';
import { jobsStore, type JobResult } from './jobs-store.ts';
import { currentPage } from './page-of.ts';

// Uploads queued by create/update, or a bulk import's job (which uploads nothing).
const WithJob = z.object({
  backgroundJob: z.union([BackgroundJob, BulkImportResponse.shape.backgroundJob]),
});

/** `label` says what queued a job that belongs to no course (a bulk import). */
export function handOffBackgroundJob(
  answer: unknown,
  course?: JobResult,
  label?: string | undefined,
): void {
  const parsed = WithJob.safeParse(answer);
  if (parsed.success)
    jobsStore.track(parsed.data.backgroundJob, course, { origin: currentPage(), label });
}
