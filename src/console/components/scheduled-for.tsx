// "Scheduled for <local date and time>" on a pending course or group. A group's status is its display
// course's, and list items do not carry the date, so for a pending group the display course is read
// (only for rows that are shown: the list is virtualized).
import { useQuery } from '@tanstack/react-query';
import type { Status } from '#contract/enums.ts';
import { formatDateTime } from '../lib/format.ts';
import { courseGroupQueries } from '../lib/queries/course-groups.ts';

/** `compact`: under a "Scheduled" badge in a table cell, the words before the date are for screen readers. */
export function ScheduleText({ date, compact = false }: { date: string; compact?: boolean }) {
  return (
    <span className="schedule-line" data-testid="scheduled-for">
      {compact ? <span className="visually-hidden">Scheduled for </span> : 'Scheduled for '}
      <time dateTime={date}>{formatDateTime(date)}</time>
    </span>
  );
}

export function GroupScheduledFor({
  groupId,
  status,
  compact = false,
}: {
  groupId: string;
  status: Status;
  compact?: boolean;
}) {
  const pending = status === 'pending';
  const { data } = useQuery({ ...courseGroupQueries.displayCourse(groupId), enabled: pending });
  if (!pending || !data?.futurePublishDate || data.status !== 'pending') return null;
  return <ScheduleText date={data.futurePublishDate} compact={compact} />;
}
