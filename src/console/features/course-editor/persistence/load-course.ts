// Reading a saved course as the compiler's baseline: its group, its session and its structure.
import type { Baseline } from '#compiler/index.ts';
import { getCourseGroup, getCourseStructure, listGroupCourses } from '../../../lib/content-api.ts';

export async function loadBaseline(courseId: string, signal?: AbortSignal): Promise<Baseline> {
  const structure = await getCourseStructure(courseId, signal);
  const [courseGroup, { courses }] = await Promise.all([
    getCourseGroup(structure.courseGroupId, signal),
    listGroupCourses(structure.courseGroupId, false, signal),
  ]);
  const course = courses.find((c) => c.id === courseId);
  if (!course) throw new Error(`Course ${courseId} is not listed in its group`);
  return { courseGroup, course, structure };
}
