// The admins' Review queue: requests to publish a course or a whole course group, oldest first, each
// with its note, whether it changed since it was asked (stale), what changed since the last published
// version (the course history's comparison; for a group, per course, in words, each comparison on
// demand), its checks report, and Approve or Decline (a comment is needed to decline). Approving
// publishes through the status-checked, audited path of a manual publish of the course or group.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, useState, type ReactNode } from 'react';
import type { PublishRequest, ReviewCourse } from '#contract/console/reviews.ts';
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
  courseChangeWords,
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
  const open = request.state === 'pending';
  const waiting = open || request.state === 'approving';
  const { target } = request;
  return (
    <article aria-labelledby={`review-${request.id}`}>
      <h2 className="review-item__title" id={`review-${request.id}`}>
        {target.type === 'group' ? (
          <Link to="/course-groups/$groupId" params={{ groupId: target.groupId }}>
            {target.title}
          </Link>
        ) : (
          <Link
            to="/course-groups/$groupId"
            params={{ groupId: target.groupId }}
            search={{ course: target.courseId }}
          >
            {target.title}
          </Link>
        )}{' '}
        {target.type === 'group' ? <Badge tone="neutral">Whole course group</Badge> : null}
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
          {target.type === 'group'
            ? 'The group or one of its courses changed after this request was made: approving publishes every course as it is now.'
            : 'The course changed after this request was made: approving publishes it as it is now.'}
        </p>
      ) : null}
      {request.comment ? <p className="review-comment">“{request.comment}”</p> : null}
      {request.outcome ? <p>{request.outcome}</p> : null}
      {target.type === 'group' ? (
        <GroupCourses request={request} changes={changes} waiting={waiting} />
      ) : (
        <>
          <p className="review-item__meta">{checksWords(request.checksReport)}</p>
          <CourseChanges
            courseId={target.courseId}
            range={changeRange(request)}
            publishedVersion={request.publishedVersion}
            changes={changes}
          />
        </>
      )}
      {open ? <Decide request={request} /> : null}
    </article>
  );
}

/** A group request's courses: each by title, what changed since it was published, and the comparison. */
function GroupCourses({
  request,
  changes,
  waiting,
}: {
  request: PublishRequest;
  changes: ChangesView;
  waiting: boolean;
}) {
  if (request.courses.length === 0)
    return <p className="review-item__meta">The group had no courses when it was asked.</p>;
  return (
    <>
      <p className="review-item__meta">
        Approving publishes each of its {request.courses.length} courses that is not published yet.
      </p>
      <ul className="review-courses" aria-label={`Courses of ${request.target.title}`}>
        {request.courses.map((course) => (
          <li key={course.courseId} className="review-course">
            <GroupCourse course={course} changes={changes} waiting={waiting} />
          </li>
        ))}
      </ul>
    </>
  );
}

function GroupCourse({
  course,
  changes,
  waiting,
}: {
  course: ReviewCourse;
  changes: ChangesView;
  waiting: boolean;
}) {
  return (
    <>
      <p className="review-course__title">
        <strong>{course.title}</strong>
        {waiting && course.changed ? <Badge tone="warning">Changed since asked</Badge> : null}
      </p>
      {waiting ? <p className="review-item__meta">{courseChangeWords(course)}</p> : null}
      {waiting && course.counts !== null ? (
        <CourseChanges
          courseId={course.courseId}
          range={changeRange(course)}
          publishedVersion={course.publishedVersion}
          changes={changes}
          label={course.title}
        />
      ) : null}
    </>
  );
}

/** "What changed since …": the comparison of two versions, loaded when opened. */
function CourseChanges({
  courseId,
  range,
  publishedVersion,
  changes,
  label,
}: {
  courseId: string;
  range: ReturnType<typeof changeRange>;
  publishedVersion: number | null;
  changes: ChangesView;
  label?: string;
}) {
  const [showChanges, setShowChanges] = useState(false);
  if (typeof range === 'string') return <p className="review-item__meta">{range}</p>;
  return (
    <details onToggle={(event) => setShowChanges(event.currentTarget.open)}>
      <summary>
        {label ? 'Compare' : 'What changed'} since{' '}
        {publishedVersion === null
          ? 'the first version'
          : `the last published version (${publishedVersion})`}
      </summary>
      {showChanges ? (
        <QueryBoundary title="The changes did not load">
          <Suspense fallback={<PendingState label="Loading the changes" />}>
            {changes(courseId, range.from, range.to)}
          </Suspense>
        </QueryBoundary>
      ) : null}
    </details>
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
