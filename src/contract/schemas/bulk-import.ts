// Rows of a bulk import file (spec 4.4 bulk imports; the file format is not shown by the spec, so
// this is Lectern's design). The file at `bulkImportAssetPath` is a JSON array of these rows.
import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { HttpUrl, IsoDate, Uuid } from '../primitives.ts';

const sessionFields = {
  sku: z.string().min(1).optional(),
  startDate: IsoDate,
  endDate: IsoDate.optional(),
  priceInCents: z.int().min(0).max(LIMITS.priceInCentsMax).optional(),
  enrollmentLimit: z.int().positive().optional(),
  status: z.enum(['draft', 'published']).optional(),
  /** In-person events: where the session takes place (stored in the session custom fields). */
  location: z.string().min(1).optional(),
  /** Webinars: the meeting link (stored in the session custom fields). */
  meetingUrl: HttpUrl.optional(),
};

/** `/content/courseGroup/{webinar|inPersonEvent}/bulk`: one new course group and session per row. */
export const BulkImportCourseGroupRow = z
  .strictObject({
    title: z.string().trim().min(1, 'title must not be empty'),
    description: z.string().max(LIMITS.descriptionLength).optional(),
    ...sessionFields,
  })
  .meta({ id: 'BulkImportCourseGroupRow' });
export type BulkImportCourseGroupRow = z.infer<typeof BulkImportCourseGroupRow>;

/** `/content/session/{webinar|inPersonEvent}/bulk`: one new session per row in an existing group. */
export const BulkImportSessionRow = z
  .strictObject({
    courseGroupId: Uuid,
    title: z.string().trim().min(1).optional(),
    ...sessionFields,
  })
  .meta({ id: 'BulkImportSessionRow' });
export type BulkImportSessionRow = z.infer<typeof BulkImportSessionRow>;

export const BULK_IMPORT_EVENT_KINDS = ['webinar', 'inPersonEvent'] as const;
export type BulkImportEventKind = (typeof BULK_IMPORT_EVENT_KINDS)[number];

/** What a `bulkImport` job's payload holds; the job worker reads it back. */
export const BulkImportJobPayload = z.object({
  target: z.enum(['courseGroup', 'session']),
  eventKind: z.enum(BULK_IMPORT_EVENT_KINDS),
  bulkImportAssetPath: z.string(),
});
export type BulkImportJobPayload = z.infer<typeof BulkImportJobPayload>;
