import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';

/** The group's display (default) course, from `GET /courseGroups/{id}/displayCourse`. */
export function DisplayCourseCard({ groupId }: { groupId: string }) {
  const { data: course } = useSuspenseQuery(courseGroupQueries.displayCourse(groupId));
  return (
    <section className="card" aria-labelledby="display-course-heading">
      <h2 className="card__title" id="display-course-heading">
        Display course
      </h2>
      <p className="card__text">
        <Link
          from="/course-groups/$groupId"
          to="."
          search={(previous) => ({ ...previous, course: course.id })}
        >
          {course.title}
        </Link>{' '}
        <StatusBadge status={course.status} />
      </p>
      <p className="card__hint">The course that represents this group in the catalog.</p>
    </section>
  );
}
