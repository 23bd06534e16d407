// Reading a saved course as the compiler's baseline: its group, its session and its structure.
import type { Baseline } from '#compiler/index.ts';
import type { Course, CourseGroup, CourseStructure } from '#contract/schemas/read-models.ts';
import { getCourseGroup, getCourseStructure, listGroupCourses } from '../../../lib/content-api.ts';

export async function loadBaseline(courseId: string, signal?: AbortSignal): Promise<Baseline> {
  const structure = await getCourseStructure(courseId, signal);
  const [courseGroup, list] = await Promise.all([
    getCourseGroup(structure.courseGroupId, signal),
    listGroupCourses(structure.courseGroupId, false, signal),
  ]);
  return withListedCourse(courseId, structure, courseGroup, list);
}

/** The baseline from the three reads: the course is the one its group lists under its id. */
export function withListedCourse(
  courseId: string,
  structure: CourseStructure,
  courseGroup: CourseGroup,
  { courses }: { courses: Course[] },
): Baseline {
  const course = courses.find((c) => c.id === courseId);
  if (!course) throw new Error(`Course ${courseId} is not listed in its group`);
  return { courseGroup, course, structure };
}
