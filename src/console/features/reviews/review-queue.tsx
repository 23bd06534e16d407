// The admins' Review queue: requests to publish, oldest first, each with its note, whether the course
// changed since it was asked (stale), what changed since the last published version (the course
// history's comparison), its checks report, and Approve or Decline (a comment is needed to decline).
// Approving publishes through the status-checked, audited path of a manual publish.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, useState, type ReactNode } from 'react';
import type { PublishRequest } from '#contract/console/reviews.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { Field } from '../../components/ui/field.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { reviewQueries, useDecide } from './reviews-api.ts';
import {
  changeRange,
  checksWords,
  REVIEW_STATE_LABELS,
  REVIEW_STATE_TONES,
} from './review-words.ts';
import './reviews.css';

/** Renders the comparison of two history versions of a course (the history feature's, given by the route). */
export type ChangesView = (courseId: string, from: number, to: number) => ReactNode;

export function ReviewQueue({
  view,
  changes,
}: {
  view: 'pending' | 'decided';
  changes: ChangesView;
}) {
  const { data } = useSuspenseQuery(reviewQueries.list(view, false));
  if (data.requests.length === 0)
    return (
      <EmptyState
        title={view === 'pending' ? 'Nothing waits for review' : 'No decided requests yet'}
      />
    );
  return (
    <ol className="review-list">
      {data.requests.map((request) => (
        <li key={request.id} className="card review-item">
          <RequestItem request={request} changes={changes} />
        </li>
      ))}
    </ol>
  );
}

function RequestItem({ request, changes }: { request: PublishRequest; changes: ChangesView }) {
  const [showChanges, setShowChanges] = useState(false);
  const range = changeRange(request);
  const open = request.state === 'pending';
  return (
    <article aria-labelledby={`review-${request.id}`}>
      <h2 className="review-item__title" id={`review-${request.id}`}>
        <Link
          to="/course-groups/$groupId"
          params={{ groupId: request.target.groupId }}
          search={{ course: request.target.courseId }}
        >
          {request.target.title}
        </Link>{' '}
        <Badge tone={REVIEW_STATE_TONES[request.state]}>{REVIEW_STATE_LABELS[request.state]}</Badge>
        {request.stale ? <Badge tone="warning">Changed since asked</Badge> : null}
      </h2>
      <p className="review-item__meta">
        Asked by {request.requestedBy}, {formatDateTime(request.requestedAt)}
        {request.decidedBy
          ? `; decided by ${request.decidedBy}, ${formatDateTime(request.decidedAt)}`
          : ''}
      </p>
      <p className="review-item__note">{request.note}</p>
      {request.stale ? (
        <p className="review-item__warning">
          The course changed after this request was made: approving publishes it as it is now.
        </p>
      ) : null}
      {request.comment ? <p className="review-comment">“{request.comment}”</p> : null}
      {request.outcome ? <p>{request.outcome}</p> : null}
      <p className="review-item__meta">{checksWords(request.checksReport)}</p>
      {typeof range === 'string' ? (
        <p className="review-item__meta">{range}</p>
      ) : (
        <details onToggle={(event) => setShowChanges(event.currentTarget.open)}>
          <summary>
            What changed since{' '}
            {request.publishedVersion === null
              ? 'the first version'
              : `the last published version (${request.publishedVersion})`}
          </summary>
          {showChanges ? (
            <QueryBoundary title="The changes did not load">
              <Suspense fallback={<PendingState label="Loading the changes" />}>
                {changes(request.target.courseId, range.from, range.to)}
              </Suspense>
            </QueryBoundary>
          ) : null}
        </details>
      )}
      {open ? <Decide request={request} /> : null}
    </article>
  );
}

function Decide({ request }: { request: PublishRequest }) {
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useDecide();
  const send = (approve: boolean) => {
    if (!approve && !comment.trim()) {
      setProblem('Say why it is declined: the requester reads it.');
      return;
    }
    decide.mutate({ id: request.id, approve, comment: comment.trim() });
  };
  return (
    <div className="review-item__decide">
      <Field
        label="Comment for the requester"
        hint="Needed to decline."
        error={problem ?? undefined}
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={2}
            maxLength={2000}
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
              setProblem(null);
            }}
          />
        )}
      </Field>
      {decide.error ? (
        <ErrorState compact error={decide.error} title="The request was not decided" />
      ) : null}
      <div className="panel__actions">
        <Button variant="primary" pending={decide.isPending} onClick={() => send(true)}>
          Approve and publish
        </Button>
        <Button disabled={decide.isPending} onClick={() => send(false)}>
          Decline
        </Button>
      </div>
    </div>
  );
}
