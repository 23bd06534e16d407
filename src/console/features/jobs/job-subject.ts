// What a background job belongs to, by name: the course or group its action named, or else the course
// found from its uploads (create names the course; an update's uploads name a topic, whose course is
// read). A job is titled with this, never with its UUID.
import { useQuery } from '@tanstack/react-query';
import { getTopic } from '../../lib/content-api.ts';
import type { JobResult, TrackedJob } from '../../lib/jobs-store.ts';
import { courseQueries } from '../../lib/queries/courses.ts';

function uploadsOf(job: TrackedJob) {
  return job.job?.contentUploads ?? job.uploads;
}

export interface JobSubject {
  subject: JobResult | null;
  /** Still reading what the job belongs to. */
  resolving: boolean;
}

export function useJobSubject(job: TrackedJob): JobSubject {
  const known = job.result ?? null;
  const uploads = uploadsOf(job);
  const courseFromUploads = uploads.find((upload) => upload.courseId)?.courseId;
  const topicId = uploads.find((upload) => upload.topicId)?.topicId ?? undefined;
  const topic = useQuery({
    queryKey: ['topics', topicId] as const,
    queryFn: ({ signal }) => getTopic(topicId!, signal),
    enabled: !known && !courseFromUploads && topicId !== undefined,
    staleTime: Infinity,
  });
  const courseId = courseFromUploads ?? topic.data?.courseId;
  const structure = useQuery({
    ...courseQueries.structure(courseId ?? ''),
    enabled: !known && courseId !== undefined,
  });
  if (known) return { subject: known, resolving: false };
  if (structure.data)
    return {
      subject: {
        courseGroupId: structure.data.courseGroupId,
        courseId: structure.data.courseId,
        title: structure.data.title,
      },
      resolving: false,
    };
  return { subject: null, resolving: topic.isLoading || structure.isLoading };
}

/** "Thumbnail upload", "2 uploads": what to call a job whose subject is unknown. */
export function describeUploads(job: TrackedJob): string {
  const uploads = uploadsOf(job);
  if (uploads.length === 1 && uploads[0]!.topicId === null) return 'course group image upload';
  return uploads.length === 1 ? '1 upload' : `${uploads.length} uploads`;
}
