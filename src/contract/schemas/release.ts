// Publish/unpublish (spec 4.4) and the bulk endpoints whose payloads the spec does not show.
import { z } from '../zod.ts';
import { CompletionCriteriaType, ReleaseAction, ReleaseKind } from '../enums.ts';
import { HttpUrl, Uuid } from '../primitives.ts';
import { LIMITS } from '../limits.ts';
import { CompletionCriteriaFields } from './course-create.ts';

export const ReleaseContentRequest = z
  .object({ kind: ReleaseKind, action: ReleaseAction, secretKey: z.optional(z.string()) })
  .register(z.globalRegistry, { id: 'ReleaseContentRequest' });
export type ReleaseContentRequest = z.infer<typeof ReleaseContentRequest>;

export const ReleaseContentResponse = z
  .object({ id: Uuid, status: z.enum(['published', 'draft']) })
  .register(z.globalRegistry, { id: 'ReleaseContentResponse' });
export type ReleaseContentResponse = z.infer<typeof ReleaseContentResponse>;

export const BulkUpdatePricesRequest = z
  .object({
    items: z
      .array(z.strictObject({ courseId: Uuid, priceInCents: z.int() }))
      .check(
        z.minLength(1, 'No items provided'),
        z.maxLength(
          LIMITS.itemsPerBulkPriceUpdate,
          `Cannot update more than ${LIMITS.itemsPerBulkPriceUpdate} prices at a time`,
        ),
      ),
    secretKey: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'BulkUpdatePricesRequest' });
export const BulkUpdatePricesResponse = z
  .object({ updated: z.int(), courseIds: z.array(Uuid) })
  .register(z.globalRegistry, { id: 'BulkUpdatePricesResponse' });

const criterionFields = CompletionCriteriaFields.shape;
export const CompletionCriterionCreate = z
  .strictObject({ ...criterionFields, courseId: Uuid })
  .register(z.globalRegistry, { id: 'CompletionCriterionCreate' });
export const CompletionCriterionUpdate = z
  .strictObject({
    id: Uuid,
    type: z.optional(CompletionCriteriaType),
    coursePercentViewed: criterionFields.coursePercentViewed,
    articlePercentViewed: criterionFields.articlePercentViewed,
    videoPercentViewed: criterionFields.videoPercentViewed,
    articleTimeViewedInSeconds: criterionFields.articleTimeViewedInSeconds,
    videoTopicId: criterionFields.videoTopicId,
    topicId: criterionFields.topicId,
  })
  .register(z.globalRegistry, { id: 'CompletionCriterionUpdate' });
export const CompletionCriteriaBulkRequest = z.object({
  items: z
    .array(CompletionCriterionCreate)
    .check(z.minLength(1, 'No items provided'), z.maxLength(1000)),
  secretKey: z.optional(z.string()),
});
export const CompletionCriteriaBulkUpdateRequest = z.object({
  items: z
    .array(CompletionCriterionUpdate)
    .check(z.minLength(1, 'No items provided'), z.maxLength(1000)),
  secretKey: z.optional(z.string()),
});

export const CertificateTemplate = z
  .object({
    id: Uuid,
    name: z.string(),
    orientation: z.enum(['landscape', 'portrait']),
    body: z.string(),
    courseIds: z.array(Uuid),
  })
  .register(z.globalRegistry, { id: 'CertificateTemplate' });
export const CertificateTemplateList = z
  .object({ certificateTemplates: z.array(CertificateTemplate) })
  .register(z.globalRegistry, { id: 'CertificateTemplateList' });
export const CertificateTemplateCreate = z.strictObject({
  name: z.string().check(z.minLength(1)),
  orientation: z._default(z.enum(['landscape', 'portrait']), 'landscape'),
  body: z._default(z.string(), ''),
  courseIds: z._default(z.array(Uuid), []),
});
export const CertificateTemplateUpdate = z.strictObject({
  id: Uuid,
  name: z.optional(z.string().check(z.minLength(1))),
  orientation: z.optional(z.enum(['landscape', 'portrait'])),
  body: z.optional(z.string()),
  courseIds: z.optional(z.array(Uuid)),
});
export const CertificateTemplatesBulkRequest = z.object({
  items: z
    .array(CertificateTemplateCreate)
    .check(z.minLength(1, 'No items provided'), z.maxLength(1000)),
  secretKey: z.optional(z.string()),
});
export const CertificateTemplatesBulkUpdateRequest = z.object({
  items: z
    .array(CertificateTemplateUpdate)
    .check(z.minLength(1, 'No items provided'), z.maxLength(1000)),
  secretKey: z.optional(z.string()),
});

export const BulkImportRequest = z
  .object({
    bulkImportAssetPath: z
      .union([HttpUrl, z.string().check(z.startsWith('data:'))])
      .register(z.globalRegistry, {
        description:
          'URL of the import file: a JSON array of rows (BulkImportCourseGroupRow for the courseGroup imports, BulkImportSessionRow for the session imports). The sandbox does not reach the network: it imports `data:` URLs (`data:application/json,[...]` or `;base64,`); http(s) URLs complete with nothing imported, except hosts ending in `.invalid`, which fail. The job (GET /jobs/{id}, type bulkImport) fails with a reason naming the first bad rows and then imports nothing.',
      }),
    secretKey: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'BulkImportRequest' });
export const BulkImportResponse = z
  .object({
    backgroundJob: z.object({
      id: z.string(),
      type: z.literal('bulkImport'),
      status: z.literal('queued'),
    }),
  })
  .register(z.globalRegistry, { id: 'BulkImportResponse' });
