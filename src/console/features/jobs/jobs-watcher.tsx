// Polls every unfinished tracked job (GET /jobs/{id}, with backoff) and records what it learns. A job's
// end is announced, by the name of its course or group, on the page where its action happened; on any
// other page the Jobs button counts it instead, so a toast never lands on an unrelated page.
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Job } from '#contract/schemas/background-job.ts';
import { toast } from '../../components/ui/toast.tsx';
import { jobsStore, useTrackedJobs, type TrackedJob } from '../../lib/jobs-store.ts';
import { pageOf } from '../../lib/page-of.ts';
import { isJobFinished, jobQueries } from '../../lib/queries/jobs.ts';
import { describeUploads, useJobSubject } from './job-subject.ts';

export function JobsWatcher() {
  const jobs = useTrackedJobs();
  // Jobs seen running in this session: each keeps its poller until its end has been announced
  // (which may wait for its name to be read). Jobs loaded already finished are not announced.
  const [watching, setWatching] = useState<ReadonlySet<string>>(() => new Set());
  const running = jobs.filter((job) => !isJobFinished(job) && !watching.has(job.id));
  if (running.length > 0) setWatching(new Set([...watching, ...running.map((job) => job.id)]));
  const done = useCallback(
    (id: string) =>
      setWatching((previous) => {
        const next = new Set(previous);
        next.delete(id);
        return next;
      }),
    [],
  );
  return (
    <>
      {jobs
        .filter((job) => watching.has(job.id))
        .map((job) => (
          <JobPoller key={job.id} job={job} onDone={done} />
        ))}
    </>
  );
}

export function jobEndMessage(
  name: string,
  job: Job,
): { tone: 'success' | 'warning' | 'error'; text: string } {
  if (job.status === 'failed')
    return {
      tone: 'error',
      text: `Uploads for ${name} failed${job.failureReason ? `: ${job.failureReason}` : ''}`,
    };
  const failed = job.contentUploads.filter((upload) => upload.status === 'failed').length;
  return failed > 0
    ? {
        tone: 'warning',
        text: `Uploads for ${name} finished; ${failed} of ${job.contentUploads.length} failed`,
      }
    : { tone: 'success', text: `Uploads for ${name} finished` };
}

function JobPoller({ job, onDone }: { job: TrackedJob; onDone(id: string): void }) {
  const { data } = useQuery(jobQueries.detail(job.id));
  const { subject, resolving } = useJobSubject(job);
  const page = useRouterState({ select: (state) => pageOf(state.location.pathname) });
  const announced = useRef(false);

  useEffect(() => {
    if (data) jobsStore.update(data);
  }, [data]);

  useEffect(() => {
    if (!data || !isJobFinished(data) || resolving || announced.current) return;
    announced.current = true;
    if (job.origin && job.origin !== page) jobsStore.markUnseen(job.id);
    else {
      const name = subject ? `“${subject.title}”` : `a ${describeUploads(job)}`;
      const { tone, text } = jobEndMessage(name, data);
      toast[tone](text);
    }
    onDone(job.id);
  }, [data, resolving, subject, job, page, onDone]);
  return null;
}
