// The jobs tray: every background job queued from this console, its uploads and its result, with a
// link to the course it belongs to when the action that queued it said which (the editor's apply).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { JobStatus } from '#contract/enums.ts';
import { Badge, type Tone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { errorMessages } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/format.ts';
import { jobsStore, useTrackedJobs, type TrackedJob } from '../../lib/jobs-store.ts';
import { JOB_STATUS_LABELS, UPLOAD_TYPE_LABELS } from '../../lib/labels.ts';
import { isJobFinished, jobQueries } from '../../lib/queries/jobs.ts';

const JOB_TONES: Record<JobStatus, Tone> = {
  queued: 'neutral',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
};

export function JobsTray() {
  const jobs = useTrackedJobs();
  const active = jobs.filter((job) => !isJobFinished(job)).length;
  const finished = jobs.filter((job) => isJobFinished(job)).map((job) => job.id);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="jobs-button">
          Jobs
          {active > 0 ? (
            <span className="count-pill" aria-label={`${active} running`}>
              {active}
            </span>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent
        placement="side"
        title="Background jobs"
        description="Uploads queued by your changes. Checked until they end; kept across reloads."
      >
        {jobs.length === 0 ? (
          <EmptyState title="No background jobs yet">
            Changes that carry files (images, videos, SCORM packages) queue a job that appears here.
          </EmptyState>
        ) : (
          <ol className="job-list" aria-label="Background jobs">
            {jobs.map((job) => (
              <JobCard key={job.id} job={job} />
            ))}
          </ol>
        )}
        {finished.length > 0 ? (
          <div className="dialog__actions">
            <Button size="sm" onClick={() => void jobsStore.remove(finished)}>
              Clear finished
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function JobCard({ job }: { job: TrackedJob }) {
  // Reads the poller's cache entry (no fetching of its own) to show a failing poll.
  const poll = useQuery({ ...jobQueries.detail(job.id), enabled: false });
  return (
    <li className="job-card" data-status={job.status} data-testid="job-card">
      <div className="job-card__header">
        <span className="mono job-card__id">{job.id}</span>
        <Badge tone={JOB_TONES[job.status]}>{JOB_STATUS_LABELS[job.status]}</Badge>
      </div>
      {job.label ? <p className="job-card__label">{job.label}</p> : null}
      <p className="job-card__meta">
        Queued {formatDateTime(job.job?.createdAt ?? job.trackedAt)}
        {job.job?.completedAt ? ` · ended ${formatDateTime(job.job.completedAt)}` : ''}
      </p>
      {job.result ? (
        <p>
          <DialogClose asChild>
            <Link
              to="/course-groups/$groupId"
              params={{ groupId: job.result.courseGroupId }}
              search={{ course: job.result.courseId }}
            >
              Open “{job.result.title}” in the browser
            </Link>
          </DialogClose>
        </p>
      ) : null}
      {job.job?.failureReason ? <p className="field__error">{job.job.failureReason}</p> : null}
      {poll.isError && !isJobFinished(job) ? (
        <p className="field__error">
          Could not check the job: {errorMessages(poll.error).join(' ')}
        </p>
      ) : null}
      <ul className="job-card__uploads" aria-label="Uploads">
        {job.job
          ? job.job.contentUploads.map((upload, index) => (
              <li key={index}>
                <Badge tone="neutral">{UPLOAD_TYPE_LABELS[upload.contentType]}</Badge>{' '}
                <Badge tone={JOB_TONES[upload.status]}>{JOB_STATUS_LABELS[upload.status]}</Badge>{' '}
                <span className="mono break">{upload.url}</span>
                {upload.error ? <span className="field__error"> {upload.error}</span> : null}
              </li>
            ))
          : job.uploads.map((upload, index) => (
              <li key={index}>
                <Badge tone="neutral">{UPLOAD_TYPE_LABELS[upload.contentType]}</Badge>{' '}
                <span className="muted">
                  {upload.topicId ? `topic ${upload.topicId}` : 'course group image'}
                </span>
              </li>
            ))}
      </ul>
    </li>
  );
}
