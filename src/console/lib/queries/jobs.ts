// Query keys and options for background jobs, polled with backoff until they end.
import { queryOptions } from '@tanstack/react-query';
import type { Job } from '#contract/schemas/background-job.ts';
import { getJob } from '../content-api.ts';

const all = ['jobs'] as const;
const FIRST_POLL_MS = 1000;
const MAX_POLL_MS = 15_000;

export const isJobFinished = (job: Pick<Job, 'status'> | undefined): boolean =>
  job?.status === 'completed' || job?.status === 'failed';

/** 1 s, 2 s, 4 s ... capped at 15 s: fast feedback for short jobs, little load for long ones. */
export function pollDelay(pollsSoFar: number): number {
  return Math.min(FIRST_POLL_MS * 2 ** pollsSoFar, MAX_POLL_MS);
}

export const jobQueries = {
  all,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...all, id] as const,
      queryFn: ({ signal }) => getJob(id, signal),
      refetchInterval: (query) =>
        isJobFinished(query.state.data)
          ? false
          : pollDelay(query.state.dataUpdateCount + query.state.errorUpdateCount),
      refetchIntervalInBackground: true,
      staleTime: 0,
    }),
};
