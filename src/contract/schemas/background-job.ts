// Background jobs (spec 2.8) and the `GET /jobs/{id}` shape (not shown by the spec; Lectern's design).
import { z } from 'zod';
import { ContentUploadType, JobStatus } from '../enums.ts';
import { Uuid } from '../primitives.ts';

export const ContentUpload = z
  .object({
    topicId: Uuid.nullable().meta({ description: 'Null for course-group images.' }),
    contentType: ContentUploadType,
    courseId: Uuid.optional().meta({ description: 'Present on create.' }),
  })
  .meta({ id: 'ContentUpload' });
export type ContentUpload = z.infer<typeof ContentUpload>;

export const BackgroundJob = z
  .object({
    id: z.string(),
    type: z.literal('contentBulkUpload'),
    status: z.literal('queued'),
    contentUploads: z.array(ContentUpload),
  })
  .meta({ id: 'BackgroundJob' });
export type BackgroundJob = z.infer<typeof BackgroundJob>;

export const JobUploadResult = ContentUpload.extend({
  url: z.string(),
  status: JobStatus,
  error: z.string().nullable(),
}).meta({ id: 'JobUploadResult' });

export const Job = z
  .object({
    id: z.string(),
    type: z.enum(['contentBulkUpload', 'bulkImport']),
    status: JobStatus,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
    failureReason: z.string().nullable(),
    contentUploads: z.array(JobUploadResult),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof Job>;
