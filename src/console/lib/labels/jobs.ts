// Background jobs and bulk imports in words.
import type { ContentUploadType, JobStatus } from '#contract/enums.ts';

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** The file a background job's upload fetches (spec 2.8). */
export const UPLOAD_TYPE_LABELS: Record<ContentUploadType, string> = {
  scorm: 'SCORM package',
  xapi: 'xAPI package',
  video: 'Video',
  audio: 'Audio',
  pdf: 'PDF',
  image: 'Image',
};

/** What a bulk import creates (spec 4.4), by target and event kind. */
export const BULK_IMPORT_LABELS = {
  courseGroup: {
    webinar: 'Webinar course groups',
    inPersonEvent: 'In-person event course groups',
  },
  session: {
    webinar: 'Webinar sessions',
    inPersonEvent: 'In-person event sessions',
  },
} as const;
