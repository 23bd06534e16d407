import type { UpdateCourseAttributes } from '#contract/schemas/course-update.ts';
import { releaseContent, updateCourses } from '../../lib/content-api.ts';

/** The Content API calls the publish actions make; tests pass their own. */
export interface BulkOperations {
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
  release: (courseId, action, signal) =>
    releaseContent(courseId, { kind: 'course', action }, signal),
  update: (attributes, signal) => updateCourses(attributes, signal),
};
