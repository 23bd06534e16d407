// The jobs tray: every background job queued from this console, titled with the course or group it
// belongs to (never its UUID, which stays in the details), its uploads and its result, with a link.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, type RefObject } from 'react';
import type { JobStatus } from '#contract/enums.ts';
import { Badge, type Tone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { errorMessages } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/format.ts';
import { jobsStore, useTrackedJobs, useUnseenJobs, type TrackedJob } from '../../lib/jobs-store.ts';
import { JOB_STATUS_LABELS, UPLOAD_TYPE_LABELS } from '../../lib/labels/jobs.ts';
import { isJobFinished, jobQueries } from '../../lib/queries/jobs.ts';
import { describeUploads, useJobSubject } from './job-subject.ts';

const JOB_TONES: Record<JobStatus, Tone> = {
  queued: 'neutral',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
};

/** Running jobs, and jobs that ended while the user was elsewhere (for the button or a menu item). */
export function useJobCounts() {
  const jobs = useTrackedJobs();
  const unseen = useUnseenJobs();
  return { active: jobs.filter((job) => !isJobFinished(job)).length, ended: unseen.length };
}

export function JobCountPills() {
  const { active, ended } = useJobCounts();
  return (
    <>
      {active > 0 ? (
        <span className="count-pill" aria-label={`${active} running`}>
          {active}
        </span>
      ) : null}
      {ended > 0 ? (
        <span className="count-pill count-pill--done" aria-label={`${ended} ended`}>
          {ended} ended
        </span>
      ) : null}
    </>
  );
}

export interface JobsTrayProps {
  /** Controlled: the phone menu opens the tray from one of its items. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** The "Jobs" button; off when the tray is opened from elsewhere (the phone menu). */
  showTrigger?: boolean;
  /** Without its own button: what gets focus back when the tray closes. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function JobsTray({ open, onOpenChange, showTrigger = true, returnFocusTo }: JobsTrayProps) {
  const jobs = useTrackedJobs();
  useEffect(() => {
    if (open) jobsStore.markAllSeen();
  }, [open]);
  const finished = jobs.filter((job) => isJobFinished(job)).map((job) => job.id);
  return (
    <Dialog
      {...(open === undefined ? {} : { open })}
      onOpenChange={(next) => {
        if (next) jobsStore.markAllSeen();
        onOpenChange?.(next);
      }}
    >
      {showTrigger ? (
        <DialogTrigger asChild>
          <Button variant="ghost" size="sm" className="jobs-button">
            Jobs
            <JobCountPills />
          </Button>
        </DialogTrigger>
      ) : null}
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
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
  const { subject, resolving } = useJobSubject(job);
  return (
    <li className="job-card" data-status={job.status} data-testid="job-card">
      <div className="job-card__header">
        <h3 className="job-card__title">
          {subject ? subject.title : resolving ? 'Finding its course…' : describeUploads(job)}
        </h3>
        <Badge tone={JOB_TONES[job.status]}>{JOB_STATUS_LABELS[job.status]}</Badge>
      </div>
      {job.label ? <p className="job-card__label">{job.label}</p> : null}
      <p className="job-card__meta">
        Queued {formatDateTime(job.job?.createdAt ?? job.trackedAt)}
        {job.job?.completedAt ? ` · ended ${formatDateTime(job.job.completedAt)}` : ''}
        <span className="block">
          Job{' '}
          <span className="mono" data-testid="job-id">
            {job.id}
          </span>
        </span>
      </p>
      {subject ? (
        <p>
          <DialogClose asChild>
            <Link
              to="/course-groups/$groupId"
              params={{ groupId: subject.courseGroupId }}
              search={subject.courseId ? { course: subject.courseId } : {}}
            >
              Open “{subject.title}” in the browser
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
