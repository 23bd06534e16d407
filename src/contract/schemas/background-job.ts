// Background jobs (spec 2.8) and the `GET /jobs/{id}` shape (not shown by the spec; Lectern's design).
import { z } from '../zod.ts';
import { ContentUploadType, JobStatus } from '../enums.ts';
import { Uuid } from '../primitives.ts';

export const ContentUpload = z
  .object({
    topicId: z
      .nullable(Uuid)
      .register(z.globalRegistry, { description: 'Null for course-group images.' }),
    contentType: ContentUploadType,
    courseId: z.optional(Uuid).register(z.globalRegistry, { description: 'Present on create.' }),
  })
  .register(z.globalRegistry, { id: 'ContentUpload' });
export type ContentUpload = z.infer<typeof ContentUpload>;

export const BackgroundJob = z
  .object({
    id: z.string(),
    type: z.literal('contentBulkUpload'),
    status: z.literal('queued'),
    contentUploads: z.array(ContentUpload),
  })
  .register(z.globalRegistry, { id: 'BackgroundJob' });
export type BackgroundJob = z.infer<typeof BackgroundJob>;

export const JobUploadResult = z
  .extend(ContentUpload, {
    url: z.string(),
    status: JobStatus,
    error: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'JobUploadResult' });

export const Job = z
  .object({
    id: z.string(),
    type: z.enum(['contentBulkUpload', 'bulkImport']),
    status: JobStatus,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    completedAt: z.nullable(z.iso.datetime()),
    failureReason: z.nullable(z.string()),
    contentUploads: z.array(JobUploadResult),
  })
  .register(z.globalRegistry, { id: 'Job' });
export type Job = z.infer<typeof Job>;
