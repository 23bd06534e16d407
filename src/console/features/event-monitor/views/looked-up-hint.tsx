// The course filter's hint for a course or learning path set by a link (no loaded event names it): its
// title, asked of the console server as a course and as a learning path (an id is one or the other).
// A module of its own, which filter-bar.tsx loads with such a filter.
import { knownTitle, useResourceName } from '../data/names.ts';
import { COURSE_HINT, describeResource } from './course-hint.ts';

export function LookedUpHint({ id }: { id: string }) {
  const asCourse = useResourceName('course', id);
  const asPath = useResourceName('learningPath', id);
  const course = knownTitle(asCourse.data);
  if (course !== undefined) return describeResource({ type: 'course', title: course });
  const path = knownTitle(asPath.data);
  if (path !== undefined) return describeResource({ type: 'learningPath', title: path });
  return COURSE_HINT;
}
