import type { UpdateCourseAttributes } from '#contract/schemas/course-update.ts';
import { listGroupCourses, releaseContent, updateCourses } from '../../lib/content-api.ts';

/** The Content API calls the bulk actions make; tests pass their own. */
export interface BulkOperations {
  /** Ids of a group's courses (sessions). */
  coursesOf(groupId: string, signal: AbortSignal): Promise<string[]>;
  release(
    courseId: string,
    action: 'release' | 'unrelease',
    signal: AbortSignal,
  ): Promise<{ status: string }>;
  /** Resolves only on the API's success body (`true` or `{ success: true, ... }`). */
  update(attributes: UpdateCourseAttributes, signal: AbortSignal): Promise<unknown>;
}

/** The runner's operations, bound to the Content API through the console server. */
export const contentApiOperations: BulkOperations = {
  async coursesOf(groupId, signal) {
    const { courses } = await listGroupCourses(groupId, false, signal);
    return courses.map((course) => course.id);
  },
  release: (courseId, action, signal) =>
    releaseContent(courseId, { kind: 'course', action }, signal),
  update: (attributes, signal) => updateCourses(attributes, signal),
};
