// A course group's page: the parts its first content does not use (docs/decisions/loading-strategy.md).
// The archive action (its confirmation, the status check and the publish rules) and the review cards
// (the reviews' API and contract, the note's draft) load once the first content has painted; until then
// a look-alike holds each one's place (aria-disabled, not disabled, which would dim it), so nothing
// moves when they arrive.
import { useQuery } from '@tanstack/react-query';
import { lateComponent } from '../../components/late-component.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import type { GroupArchiveActionProps } from '../../features/publish/group-archive-panel.tsx';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { AfterFirstContent } from '../../lib/use-after-first-content.ts';

const ArchiveAction = lateComponent(() =>
  import('../../features/publish/group-archive-panel.tsx').then(
    (module) => module.GroupArchiveAction,
  ),
);
const CourseReview = lateComponent(() =>
  import('../../features/reviews/request-publishing.tsx').then(
    (module) => module.RequestPublishing,
  ),
);
const GroupReview = lateComponent(() =>
  import('../../features/reviews/request-group-publishing.tsx').then(
    (module) => module.RequestGroupPublishing,
  ),
);

export function LateArchiveAction({ group }: GroupArchiveActionProps) {
  const standIn = group.archived ? (
    <Button variant="primary" aria-disabled="true">
      Restore group
    </Button>
  ) : (
    <Button variant="danger" aria-disabled="true">
      Archive group
    </Button>
  );
  return (
    <AfterFirstContent standIn={standIn}>
      <ArchiveAction.Component group={group} />
    </AfterFirstContent>
  );
}

/**
 * The review cards' look-alikes are what the cards show before the reviews are read (no request yet):
 * for those who may ask, the card with its note (read-only) and button; for anyone else, nothing.
 */
export function LateCourseReview(props: {
  groupId: string;
  courseId: string;
  canRequest: boolean;
}) {
  const { groupId, courseId, canRequest } = props;
  const { data: courses } = useQuery(courseGroupQueries.courses(groupId, false));
  const course = courses?.courses.find((item) => item.id === courseId) ?? null;
  const standIn =
    course && canRequest ? (
      <section className="card" aria-labelledby="review-heading">
        <h2 className="card__title" id="review-heading">
          Review
        </h2>
        {course.status !== 'published' ? (
          <form noValidate>
            <Field label="Note for the reviewer">
              {(control) => <textarea {...control} className="input" rows={3} readOnly />}
            </Field>
            <div className="panel__actions">
              <Button variant="primary" aria-disabled="true">
                Request publishing
              </Button>
            </div>
          </form>
        ) : null}
      </section>
    ) : null;
  return (
    <AfterFirstContent standIn={standIn}>
      <CourseReview.Component {...props} />
    </AfterFirstContent>
  );
}

export function LateGroupReview(props: {
  group: { id: string; title: string; archived: boolean };
  canRequest: boolean;
}) {
  const { group, canRequest } = props;
  const standIn = canRequest ? (
    <section className="card" aria-labelledby="group-review-heading">
      <h2 className="card__title" id="group-review-heading">
        Review of the whole group
      </h2>
      {group.archived ? null : (
        <>
          <p className="muted">
            Ask an admin to publish every course of this group at once. The note you write is kept
            if you close this.
          </p>
          <Button aria-disabled="true">Request publishing of the group</Button>
        </>
      )}
    </section>
  ) : null;
  return (
    <AfterFirstContent standIn={standIn}>
      <GroupReview.Component {...props} />
    </AfterFirstContent>
  );
}
