// The group page's "Review" card for the course shown: the latest request to publish it (its state, the
// reviewer's comment or what the approval did) and, for content managers, "Request publishing" with a
// note while none is waiting.
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { PublishRequest } from '#contract/console/reviews.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { ReviewNoteField, useReviewNote } from './review-note.tsx';
import { reviewQueries, useRequestPublishing } from './reviews-api.ts';
import { REVIEW_STATE_LABELS, REVIEW_STATE_TONES } from './review-words.ts';

export function RequestPublishing({
  groupId,
  courseId,
  canRequest,
}: {
  groupId: string;
  courseId: string;
  canRequest: boolean;
}) {
  const { data: courses } = useQuery(courseGroupQueries.courses(groupId, false));
  const pending = useQuery(reviewQueries.list('pending', true));
  const decided = useQuery(reviewQueries.list('decided', true));
  const course = courses?.courses.find((item) => item.id === courseId) ?? null;
  const ofCourse = (list: PublishRequest[] | undefined) =>
    list?.find(
      (request) => request.target.type === 'course' && request.target.courseId === courseId,
    ) ?? null;
  const latest = ofCourse(pending.data?.requests) ?? ofCourse(decided.data?.requests);
  const waiting = latest?.state === 'pending' || latest?.state === 'approving';
  if (!course || (!canRequest && !latest)) return null;
  return (
    <section className="card" aria-labelledby="review-heading">
      <h2 className="card__title" id="review-heading">
        Review
      </h2>
      {latest ? <RequestOutcome request={latest} /> : null}
      {canRequest && !waiting && course.status !== 'published' ? (
        <RequestForm target={{ type: 'course', courseId, groupId, title: course.title }} />
      ) : null}
    </section>
  );
}

export function RequestOutcome({ request }: { request: PublishRequest }) {
  return (
    <div className="review-outcome" data-testid="review-outcome">
      <p>
        <Badge tone={REVIEW_STATE_TONES[request.state]}>{REVIEW_STATE_LABELS[request.state]}</Badge>{' '}
        Asked {formatDateTime(request.requestedAt)}
        {request.decidedBy ? `; decided by ${request.decidedBy}` : ''}
      </p>
      {request.comment ? <p className="review-comment">“{request.comment}”</p> : null}
      {request.outcome ? <p>{request.outcome}</p> : null}
    </div>
  );
}

function RequestForm({
  target,
}: {
  target: { type: 'course'; courseId: string; groupId: string; title: string };
}) {
  const note = useReviewNote(`course.${target.courseId}`);
  const request = useRequestPublishing();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = note.checked();
    if (text !== null) request.mutate({ target, note: text }, { onSuccess: note.clear });
  };
  return (
    <form onSubmit={submit} noValidate>
      <ReviewNoteField note={note} rows={3} />
      {request.error ? (
        <ErrorState compact error={request.error} title="Publishing was not requested" />
      ) : null}
      <div className="panel__actions">
        <Button type="submit" variant="primary" pending={request.isPending}>
          Request publishing
        </Button>
      </div>
    </form>
  );
}
