// Polls every unfinished tracked job (GET /jobs/{id}, with backoff) and records what it learns.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { jobsStore, useTrackedJobs } from '../../lib/jobs-store.ts';
import { isJobFinished, jobQueries } from '../../lib/queries/jobs.ts';

export function JobsWatcher() {
  const jobs = useTrackedJobs();
  return (
    <>
      {jobs
        .filter((job) => !isJobFinished(job))
        .map((job) => (
          <JobPoller key={job.id} id={job.id} />
        ))}
    </>
  );
}

function JobPoller({ id }: { id: string }) {
  const { data } = useQuery(jobQueries.detail(id));
  useEffect(() => {
    if (!data) return;
    jobsStore.update(data);
    if (data.status === 'completed') {
      const failed = data.contentUploads.filter((upload) => upload.status === 'failed').length;
      if (failed > 0)
        toast.warning(`Background job ${id} completed with ${failed} failed upload(s)`);
      else toast.success(`Background job ${id} completed`);
    } else if (data.status === 'failed') {
      toast.error(
        `Background job ${id} failed${data.failureReason ? `: ${data.failureReason}` : ''}`,
      );
    }
  }, [data, id]);
  return null;
}
