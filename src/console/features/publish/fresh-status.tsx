// Single publish actions read the current status right before they are confirmed (the page may be
// minutes old): the confirmation shows it, and refuses what it makes pointless, with the reason.
import { useQuery } from '@tanstack/react-query';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { CASCADE_STATUS, type Decision } from './publish-plan.ts';
import { readGroup, type CheckedGroup } from './status-check.ts';

/** The group and its courses, read anew each time a confirmation opens. */
export function useFreshGroupCheck(groupId: string, open: boolean) {
  return useQuery({
    queryKey: [...courseGroupQueries.all, 'fresh-check', groupId] as const,
    queryFn: ({ signal }) => readGroup(groupId, signal),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function FreshStatus({
  query,
  courseId,
  decision,
  cascade,
}: {
  query: ReturnType<typeof useFreshGroupCheck>;
  /** The course the action is about; absent for group actions (which list every course). */
  courseId?: string;
  decision: Decision | null;
  cascade?: 'archive' | 'restore';
}) {
  if (query.isPending) {
    return (
      <p className="fresh-status">
        <Spinner size="sm" label="" /> Reading the current status…
      </p>
    );
  }
  if (query.isError) {
    return <ErrorState compact error={query.error} title="The current status could not be read" />;
  }
  const group: CheckedGroup = query.data;
  const courses = courseId
    ? group.courses.filter((course) => course.id === courseId)
    : group.courses;
  const becomes = cascade && decision?.send ? CASCADE_STATUS[cascade] : null;
  return (
    <div className="fresh-status" data-testid="fresh-status">
      <p className="fresh-status__line">
        Group now: <StatusBadge status={group.status} />
        {group.archived && group.status !== 'archived' ? ' (archived group)' : null}
      </p>
      <ul className="fresh-status__courses" aria-label="Current status of the courses">
        {courses.map((course) => (
          <li key={course.id}>
            <span className="fresh-status__title">{course.title}</span> now{' '}
            <StatusBadge status={course.status} />
            {becomes && becomes !== course.status ? (
              <>
                {' '}
                <span aria-label="becomes">→</span> <StatusBadge status={becomes} />
              </>
            ) : null}
            {course.status === 'pending' && course.futurePublishDate
              ? ` · Scheduled for ${formatDateTime(course.futurePublishDate)}`
              : null}
          </li>
        ))}
      </ul>
      {decision && !decision.send ? (
        <p className="plan-note plan-note--skip" role="alert">
          <strong>Not sent:</strong> {decision.reason}
        </p>
      ) : null}
    </div>
  );
}
