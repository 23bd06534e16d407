// A saved course read from the learning instance by the console server itself (the course checks):
// its structure, its group and its session, as the compiler's Baseline, exactly as the editor reads it
// (features/course-editor/persistence/load-course.ts).
import type { z } from '#contract/zod.ts';
import type { Baseline } from '#compiler/index.ts';
import { CourseGroup, CourseList, CourseStructure } from '#contract/index.ts';
import { ApiError } from '../errors.ts';
import { upstreamFailure, type Upstream } from './upstream-client.ts';

/** The instance's answer did not match the contract, or it refused the console's key. */
const UNEXPECTED = (what: string, status: number) =>
  new ApiError(
    502,
    'upstream_error',
    `The learning instance answered ${status} when the console read ${what}. Try again; if it persists, ask an operator to check the console server's configuration.`,
  );

async function getJson<S extends z.ZodMiniType>(
  upstream: Upstream,
  path: string,
  schema: S,
  what: string,
): Promise<z.output<S> | null> {
  let response;
  try {
    response = await upstream.pool.request({
      method: 'GET',
      path: upstream.restPath(path),
      headers: { authorization: upstream.authorization(), accept: 'application/json' },
    });
  } catch (error) {
    throw upstreamFailure(error);
  }
  if (response.statusCode === 404) {
    await response.body.dump();
    return null;
  }
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw UNEXPECTED(what, response.statusCode);
  }
  let body: unknown;
  try {
    body = await response.body.json();
  } catch (error) {
    throw upstreamFailure(error);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw UNEXPECTED(what, 200);
  return parsed.data;
}

/** The course with its group and structure, or null when the instance has no such course. */
export async function readCourseBaseline(
  upstream: Upstream,
  courseId: string,
): Promise<Baseline | null> {
  const id = encodeURIComponent(courseId);
  const structure = await getJson(
    upstream,
    `/courses/${id}/structure`,
    CourseStructure,
    'the course structure',
  );
  if (!structure) return null;
  const groupId = encodeURIComponent(structure.courseGroupId);
  const [courseGroup, list] = await Promise.all([
    getJson(upstream, `/courseGroups/${groupId}`, CourseGroup, 'the course group'),
    getJson(upstream, `/courseGroups/${groupId}/courses`, CourseList, 'the courses of the group'),
  ]);
  const course = list?.courses.find((candidate) => candidate.id === courseId);
  if (!courseGroup || !course) return null;
  return { courseGroup, course, structure };
}
