// The group page's "Scheduled actions" card: what is planned for the group and its courses, and
// (admins) a form to schedule one for the group or for the course shown on the page.
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { ScheduleTarget } from '#contract/console/schedules.ts';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { ScheduleForm } from './schedule-form.tsx';
import { ScheduleList } from './schedule-list.tsx';

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
          <ScheduleList
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
          <ScheduleForm key={`${target.type}:${target.id}`} target={target} />
        </details>
      ) : null}
    </section>
  );
}
