// The group page's "Whole group" review card: the latest request to publish the whole course group (its
// state, the reviewer's comment or what the approval did) and, for content managers, "Request publishing"
// of the group: a dialog listing the courses an approval would publish, with a note for the reviewer.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PublishRequest } from '#contract/console/reviews.ts';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { RequestOutcome } from './request-publishing.tsx';
import { ReviewNoteField, useReviewNote } from './review-note.tsx';
import { reviewQueries, useRequestPublishing } from './reviews-api.ts';

export function RequestGroupPublishing({
  group,
  canRequest,
}: {
  group: { id: string; title: string; archived: boolean };
  canRequest: boolean;
}) {
  const pending = useQuery(reviewQueries.list('pending', true));
  const decided = useQuery(reviewQueries.list('decided', true));
  const ofGroup = (list: PublishRequest[] | undefined) =>
    list?.find(
      (request) => request.target.type === 'group' && request.target.groupId === group.id,
    ) ?? null;
  const latest = ofGroup(pending.data?.requests) ?? ofGroup(decided.data?.requests);
  const waiting = latest?.state === 'pending' || latest?.state === 'approving';
  if (!canRequest && !latest) return null;
  return (
    <section className="card" aria-labelledby="group-review-heading">
      <h2 className="card__title" id="group-review-heading">
        Review of the whole group
      </h2>
      {latest ? <RequestOutcome request={latest} /> : null}
      {canRequest && !waiting && !group.archived ? <RequestGroupDialog group={group} /> : null}
    </section>
  );
}

function RequestGroupDialog({ group }: { group: { id: string; title: string } }) {
  const [open, setOpen] = useState(false);
  const note = useReviewNote(`group.${group.id}`);
  const courses = useQuery({ ...courseGroupQueries.courses(group.id, false), enabled: open });
  const request = useRequestPublishing();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = note.checked();
    if (text === null) return;
    request.mutate(
      { target: { type: 'group', groupId: group.id, title: group.title }, note: text },
      {
        onSuccess: () => {
          note.clear();
          setOpen(false);
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) request.reset();
      }}
    >
      <p className="muted">
        Ask an admin to publish every course of this group at once. The note you write is kept if
        you close this.
      </p>
      <DialogTrigger asChild>
        <Button>Request publishing of the group</Button>
      </DialogTrigger>
      <DialogContent
        title={`Request publishing of “${group.title}”`}
        description="An admin reviews what changed in each course since it was last published. Approving publishes every course of the group that is not published yet, with the same checks as publishing the group by hand."
        size="lg"
      >
        <form onSubmit={submit} noValidate>
          <h3 className="panel__title">Courses in this group</h3>
          {courses.data ? (
            courses.data.courses.length === 0 ? (
              <p className="muted">This group has no courses: there is nothing to publish yet.</p>
            ) : (
              <ul className="review-group-courses">
                {courses.data.courses.map((course) => (
                  <li key={course.id}>
                    {course.title} <StatusBadge status={course.status} />
                  </li>
                ))}
              </ul>
            )
          ) : courses.error ? (
            <ErrorState compact error={courses.error} title="The courses did not load" />
          ) : (
            <p className="muted">Loading the courses…</p>
          )}
          <ReviewNoteField note={note} rows={4} />
          {request.error ? (
            <ErrorState compact error={request.error} title="Publishing was not requested" />
          ) : null}
          <div className="dialog__actions">
            <Button type="button" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" pending={request.isPending}>
              Request publishing
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
