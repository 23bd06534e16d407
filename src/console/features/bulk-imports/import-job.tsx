// The job a bulk import queued (`GET /jobs/{id}`), followed until it ends: queued, processing, then
// completed or failed with the instance's reason. It is in the jobs tray as well.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { JobStatus } from '#contract/enums.ts';
import type { BulkImportEventKind } from '#contract/schemas/bulk-import.ts';
import { Badge, type Tone } from '../../components/ui/badge.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { JOB_STATUS_LABELS } from '../../lib/labels/jobs.ts';
import { isJobFinished, jobQueries } from '../../lib/queries/jobs.ts';
import type { ImportTarget } from './import-choices.ts';

const TONES: Record<JobStatus, Tone> = {
  queued: 'neutral',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
};

export interface ImportJobProps {
  jobId: string;
  label: string;
  target: ImportTarget | undefined;
  eventKind: BulkImportEventKind | undefined;
}

export function ImportJob({ jobId, label, target, eventKind }: ImportJobProps) {
  const job = useQuery(jobQueries.detail(jobId));
  const status = job.data?.status ?? 'queued';
  const finished = isJobFinished(job.data);
  return (
    <section className="card import-job" aria-labelledby="job-heading" data-status={status}>
      <div className="card__header">
        <h2 className="card__title" id="job-heading">
          {label}
        </h2>
        <Badge tone={TONES[status]}>{JOB_STATUS_LABELS[status]}</Badge>
      </div>
      <p className="card__hint">
        Background job <span className="mono break">{jobId}</span>
        {job.data ? ` · queued ${formatDateTime(job.data.createdAt)}` : ''}
        {job.data?.completedAt ? ` · ended ${formatDateTime(job.data.completedAt)}` : ''}
      </p>
      <p role="status" className="import-job__state" data-testid="import-job-state">
        {!finished ? (
          <>
            <Spinner size="sm" label="" />{' '}
            {status === 'processing' ? 'Importing…' : 'Waiting to start…'} Checked until it ends;
            you may leave this page, the jobs tray keeps following it.
          </>
        ) : status === 'completed' ? (
          'The import completed.'
        ) : (
          'The import failed; nothing was imported.'
        )}
      </p>
      {job.data?.failureReason ? (
        <p className="form-error" data-testid="import-job-reason">
          {job.data.failureReason}
        </p>
      ) : null}
      {status === 'completed' && target === 'courseGroup' && eventKind ? (
        <p>
          <Link to="/course-groups" search={{ kind: eventKind }}>
            See the {eventKind === 'webinar' ? 'webinar' : 'in-person event'} course groups
          </Link>
        </p>
      ) : null}
      {job.isError && !finished ? (
        <ErrorState
          compact
          error={job.error}
          title="The job could not be checked"
          onRetry={() => void job.refetch()}
        />
      ) : null}
    </section>
  );
}
