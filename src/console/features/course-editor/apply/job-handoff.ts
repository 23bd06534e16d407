// Which course each background job an apply queues belongs to, so the tray can link to it. Create
// answers carry the new ids (spec 4.1); update answers do not, so a job from an update belongs to the
// course being edited or to the one this run just created. The jobs reach the tray through the one
// entry point, lib/job-handoff.ts.
import type { z } from '#contract/zod.ts';
import type { WireRequest } from '#compiler/index.ts';
import { CreateCoursesResponse } from '#contract/schemas/course-create.ts';
import { handOffBackgroundJob } from '../../../lib/job-handoff.ts';
import type { JobResult } from '../../../lib/jobs-store.ts';

export interface CourseRef {
  courseGroupId?: string | undefined;
  courseId?: string | undefined;
}

/** The course of a create answer: the one the job's uploads name, else the first created. */
function createdCourse(
  body: z.infer<typeof CreateCoursesResponse>,
): { courseGroupId: string; courseId: string } | undefined {
  const named = body.backgroundJob?.contentUploads.find((u) => u.courseId)?.courseId;
  const index = Math.max(0, named ? body.courseIds.indexOf(named) : 0);
  const courseId = body.courseIds[index];
  const courseGroupId = body.courseGroupIds[index];
  return courseId && courseGroupId ? { courseId, courseGroupId } : undefined;
}

/**
 * A transport `onAnswer` callback for one run. `editing` is the saved course being edited (none for
 * a new one); `title` is read as each answer arrives.
 */
export function jobHandoff(editing: CourseRef, title: () => string) {
  let course: CourseRef = editing;
  return (_request: WireRequest, body: unknown): void => {
    const created = CreateCoursesResponse.safeParse(body);
    if (created.success) course = createdCourse(created.data) ?? course;
    const result: JobResult | undefined =
      course.courseGroupId && course.courseId
        ? { courseGroupId: course.courseGroupId, courseId: course.courseId, title: title() }
        : undefined;
    handOffBackgroundJob(body, result);
  };
}
