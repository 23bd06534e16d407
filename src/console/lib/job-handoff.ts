// The one way a background job reaches the jobs tray: every write whose answer may carry a
// `backgroundJob` (create, update) hands the answer here, with the course the job belongs to when the
// caller knows it (the editor's apply does; a status change or a thumbnail does not need to).
import { z } from 'zod';
import { BackgroundJob } from '#contract/schemas/background-job.ts';
import { jobsStore, type JobResult } from './jobs-store.ts';

const WithJob = z.object({ backgroundJob: BackgroundJob });

export function handOffBackgroundJob(answer: unknown, course?: JobResult): void {
  const parsed = WithJob.safeParse(answer);
  if (parsed.success) jobsStore.track(parsed.data.backgroundJob, course);
}
