// Hands the background jobs an apply queues to the jobs tray, each with the course it belongs to so
// the tray can link to it. Create answers carry the new ids (spec 4.1); update answers do not, so a
// job from an update belongs to the course being edited or to the one this run just created.
import { z } from 'zod';
import type { WireRequest } from '#compiler/index.ts';
import { BackgroundJob } from '#contract/schemas/background-job.ts';
import { CreateCoursesResponse } from '#contract/schemas/course-create.ts';
import { jobsStore, type JobResult } from '../../../lib/jobs-store.ts';

const WithJob = z.object({ backgroundJob: BackgroundJob });

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
 * a new one); `title` is read when a job arrives.
 */
export function jobHandoff(editing: CourseRef, title: () => string) {
  let course: CourseRef = editing;
  return (_request: WireRequest, body: unknown): void => {
    const created = CreateCoursesResponse.safeParse(body);
    if (created.success) course = createdCourse(created.data) ?? course;
    const withJob = WithJob.safeParse(body);
    if (!withJob.success) return;
    const result: JobResult | undefined =
      course.courseGroupId && course.courseId
        ? { courseGroupId: course.courseGroupId, courseId: course.courseId, title: title() }
        : undefined;
    jobsStore.track(withJob.data.backgroundJob, result);
  };
}
