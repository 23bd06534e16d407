// The one way a background job reaches the jobs tray: every write whose answer may carry a
// `backgroundJob` (create, update) hands the answer here, with the course or group the job belongs to
// when the caller knows it (the tray otherwise finds it from the job's uploads), and the page the
// action happened on (its end is announced there).
import { z } from 'zod';
import { BackgroundJob } from '#contract/schemas/background-job.ts';
import { jobsStore, type JobResult } from './jobs-store.ts';
import { currentPage } from './page-of.ts';

const WithJob = z.object({ backgroundJob: BackgroundJob });

export function handOffBackgroundJob(answer: unknown, course?: JobResult): void {
  const parsed = WithJob.safeParse(answer);
  if (parsed.success) jobsStore.track(parsed.data.backgroundJob, course, currentPage());
}
