import { listGroupCourses, releaseContent, updateCourses } from '../../lib/content-api.ts';
import type { BulkOperations } from './bulk-runner.ts';

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
