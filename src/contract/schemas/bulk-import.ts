// Rows of a bulk import file (spec 4.4 bulk imports; the file format is not shown by the spec, so
// this is Lectern's design). The file at `bulkImportAssetPath` is a JSON array of these rows.
import { z } from '../zod.ts';
import { formatZodIssues } from '../format-issues.ts';
import { safeParseInput } from '../json-values.ts';
import { LIMITS } from '../limits.ts';
import { HttpUrl, IsoDate, Uuid } from '../primitives.ts';

const sessionFields = {
  sku: z.optional(z.string().check(z.minLength(1))),
  startDate: IsoDate,
  endDate: z.optional(IsoDate),
  priceInCents: z.optional(z.int().check(z.gte(0), z.lte(LIMITS.priceInCentsMax))),
  enrollmentLimit: z.optional(z.int().check(z.positive())),
  status: z.optional(z.enum(['draft', 'published'])),
  /** In-person events: where the session takes place (stored in the session custom fields). */
  location: z.optional(z.string().check(z.minLength(1))),
  /** Webinars: the meeting link (stored in the session custom fields). */
  meetingUrl: z.optional(HttpUrl),
};

/** `/content/courseGroup/{webinar|inPersonEvent}/bulk`: one new course group and session per row. */
export const BulkImportCourseGroupRow = z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1, 'title must not be empty')),
    description: z.optional(z.string().check(z.maxLength(LIMITS.descriptionLength))),
    ...sessionFields,
  })
  .register(z.globalRegistry, { id: 'BulkImportCourseGroupRow' });
export type BulkImportCourseGroupRow = z.infer<typeof BulkImportCourseGroupRow>;

/** `/content/session/{webinar|inPersonEvent}/bulk`: one new session per row in an existing group. */
export const BulkImportSessionRow = z
  .strictObject({
    courseGroupId: Uuid,
    title: z.optional(z.string().check(z.trim(), z.minLength(1))),
    ...sessionFields,
  })
  .register(z.globalRegistry, { id: 'BulkImportSessionRow' });
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

/** The problems of an import file's rows, each naming its row (1-based, as in a spreadsheet). */
export function importRowProblems<S extends z.ZodMiniType>(
  schema: S,
  rows: unknown,
): { rows: z.output<S>[]; problems: string[] } {
  if (!Array.isArray(rows))
    return { rows: [], problems: ['The import file must be a JSON array of rows'] };
  if (rows.length === 0) return { rows: [], problems: ['The import file has no rows'] };
  const problems: string[] = [];
  const valid: z.output<S>[] = [];
  rows.forEach((row, index) => {
    const result = safeParseInput(schema, row);
    if (result.success) valid.push(result.data);
    else problems.push(`Row ${index + 1}: ${formatZodIssues(result.error).join('; ')}`);
  });
  return { rows: valid, problems };
}
