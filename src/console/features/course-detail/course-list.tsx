// The group's courses (sessions), `GET /courseGroups/{id}/courses` with the activeOnly toggle.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ScheduleText } from '../../components/scheduled-for.tsx';
import { Badge, StatusBadge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { formatCents } from '../../lib/money.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';

export function CourseList({
  groupId,
  activeOnly,
  selectedCourseId,
}: {
  groupId: string;
  activeOnly: boolean;
  selectedCourseId: string | undefined;
}) {
  const { data } = useSuspenseQuery(courseGroupQueries.courses(groupId, activeOnly));
  if (data.courses.length === 0) {
    return (
      <EmptyState title={activeOnly ? 'No active courses' : 'No courses'}>
        {activeOnly ? 'Turn off “Active only” to see every course of this group.' : null}
      </EmptyState>
    );
  }
  return (
    <Table caption="Courses of this group">
      <thead>
        <tr>
          <Th>Course</Th>
          <Th>Status</Th>
          <Th>SKU</Th>
          <Th>Price</Th>
          <Th>Starts</Th>
        </tr>
      </thead>
      <tbody>
        {data.courses.map((course) => {
          const selected = course.id === selectedCourseId;
          return (
            <tr key={course.id} className={selected ? 'is-selected' : undefined}>
              <Td>
                <Link
                  from="/course-groups/$groupId"
                  to="."
                  search={(previous) => ({ ...previous, course: course.id })}
                  aria-current={selected ? 'true' : undefined}
                >
                  {course.title}
                </Link>
                {course.isDisplayCourse ? (
                  <>
                    {' '}
                    <Badge tone="info">Display course</Badge>
                  </>
                ) : null}
              </Td>
              <Td>
                <StatusBadge status={course.status} />
                {course.status === 'pending' && course.futurePublishDate ? (
                  <>
                    {' '}
                    <ScheduleText date={course.futurePublishDate} />
                  </>
                ) : null}
              </Td>
              <Td className="mono">{course.sku ?? '—'}</Td>
              <Td>{course.priceInCents > 0 ? formatCents(course.priceInCents) : 'Free'}</Td>
              <Td>{formatDateTime(course.courseStartDate)}</Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
