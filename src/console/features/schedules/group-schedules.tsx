// The group page's "Scheduled actions" card: what is planned for the group and its courses, and
// (admins) a form to schedule one for the group or for the course shown on the page.
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { ScheduleTarget } from '#contract/console/schedules.ts';
import { lateComponent, usePreloadAfterFirstContent } from '../../components/late-component.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
// The card's own styles (the form's fold), here rather than only with the late list.
import './schedules.css';

// The list and the form (with the schedules' API and contract) are not the page's first content: the
// list's code is asked for as the card first renders, then its read, under the card's own "Loading
// scheduled actions"; the form, folded away, loads after the first content
// (docs/decisions/loading-strategy.md).
const ScheduleList = lateComponent(() =>
  import('./schedule-list.tsx').then((module) => module.ScheduleList),
);
const ScheduleForm = lateComponent(() =>
  import('./schedule-form.tsx').then((module) => module.ScheduleForm),
);

export function GroupSchedules({
  group,
  courseId,
  canSchedule,
}: {
  group: { id: string; title: string };
  /** The course the page shows, when it is not the group's display course. */
  courseId: string | null;
  canSchedule: boolean;
}) {
  const [of, setOf] = useState<'group' | 'course'>('group');
  usePreloadAfterFirstContent(ScheduleForm, canSchedule);
  const { data: courses } = useQuery({
    ...courseGroupQueries.courses(group.id, false),
    enabled: courseId !== null,
  });
  const course = courses?.courses.find((item) => item.id === courseId) ?? null;
  const target: ScheduleTarget =
    of === 'course' && course
      ? { type: 'course', id: course.id, title: course.title, groupId: group.id }
      : { type: 'courseGroup', id: group.id, title: group.title, groupId: null };
  return (
    <section className="card" aria-labelledby="schedules-heading">
      <h2 className="card__title" id="schedules-heading">
        Scheduled actions
      </h2>
      <QueryBoundary title="The scheduled actions did not load">
        <Suspense fallback={<PendingState label="Loading scheduled actions" />}>
          <ScheduleList.Component
            filter={{ view: 'upcoming', groupId: group.id }}
            canCancel={canSchedule}
            caption={`Scheduled actions of ${group.title}`}
            empty="Nothing scheduled"
            compact
          />
        </Suspense>
      </QueryBoundary>
      {canSchedule ? (
        <details className="schedule-details">
          <summary>Schedule an action</summary>
          {course ? (
            <ChoiceGroup
              legend="Of"
              name="schedule-of"
              value={of}
              choices={[
                { value: 'group', label: `The group` },
                { value: 'course', label: `The course ${course.title}` },
              ]}
              onChange={setOf}
            />
          ) : null}
          <Suspense fallback={<PendingState label="Loading the form" />}>
            <ScheduleForm.Component key={`${target.type}:${target.id}`} target={target} />
          </Suspense>
        </details>
      ) : null}
    </section>
  );
}
