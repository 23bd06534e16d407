// Publish/unpublish (spec 4.4) and the bulk endpoints whose payloads the spec does not show.
import { z } from 'zod';
import { CompletionCriteriaType, ReleaseAction, ReleaseKind } from '../enums.ts';
import { HttpUrl, Uuid } from '../primitives.ts';
import { LIMITS } from '../limits.ts';
import { CompletionCriteriaFields } from './course-create.ts';

export const ReleaseContentRequest = z
  .object({ kind: ReleaseKind, action: ReleaseAction, secretKey: z.string().optional() })
  .meta({ id: 'ReleaseContentRequest' });
export type ReleaseContentRequest = z.infer<typeof ReleaseContentRequest>;

export const ReleaseContentResponse = z
  .object({ id: Uuid, status: z.enum(['published', 'draft']) })
  .meta({ id: 'ReleaseContentResponse' });
export type ReleaseContentResponse = z.infer<typeof ReleaseContentResponse>;

export const BulkUpdatePricesRequest = z
  .object({
    items: z
      .array(z.strictObject({ courseId: Uuid, priceInCents: z.int() }))
      .min(1, 'No items provided')
      .max(
        LIMITS.itemsPerBulkPriceUpdate,
        `Cannot update more than ${LIMITS.itemsPerBulkPriceUpdate} prices at a time`,
      ),
    secretKey: z.string().optional(),
  })
  .meta({ id: 'BulkUpdatePricesRequest' });
export const BulkUpdatePricesResponse = z
  .object({ updated: z.int(), courseIds: z.array(Uuid) })
  .meta({ id: 'BulkUpdatePricesResponse' });

const criterionFields = CompletionCriteriaFields.shape;
export const CompletionCriterionCreate = z
  .strictObject({ ...criterionFields, courseId: Uuid })
  .meta({ id: 'CompletionCriterionCreate' });
export const CompletionCriterionUpdate = z
  .strictObject({
    id: Uuid,
    type: CompletionCriteriaType.optional(),
    coursePercentViewed: criterionFields.coursePercentViewed,
    articlePercentViewed: criterionFields.articlePercentViewed,
    videoPercentViewed: criterionFields.videoPercentViewed,
    articleTimeViewedInSeconds: criterionFields.articleTimeViewedInSeconds,
    videoTopicId: criterionFields.videoTopicId,
    topicId: criterionFields.topicId,
  })
  .meta({ id: 'CompletionCriterionUpdate' });
export const CompletionCriteriaBulkRequest = z.object({
  items: z.array(CompletionCriterionCreate).min(1, 'No items provided').max(1000),
  secretKey: z.string().optional(),
});
export const CompletionCriteriaBulkUpdateRequest = z.object({
  items: z.array(CompletionCriterionUpdate).min(1, 'No items provided').max(1000),
  secretKey: z.string().optional(),
});

export const CertificateTemplate = z
  .object({
    id: Uuid,
    name: z.string(),
    orientation: z.enum(['landscape', 'portrait']),
    body: z.string(),
    courseIds: z.array(Uuid),
  })
  .meta({ id: 'CertificateTemplate' });
export const CertificateTemplateList = z
  .object({ certificateTemplates: z.array(CertificateTemplate) })
  .meta({ id: 'CertificateTemplateList' });
export const CertificateTemplateCreate = z.strictObject({
  name: z.string().min(1),
  orientation: z.enum(['landscape', 'portrait']).default('landscape'),
  body: z.string().default(''),
  courseIds: z.array(Uuid).default([]),
});
export const CertificateTemplateUpdate = z.strictObject({
  id: Uuid,
  name: z.string().min(1).optional(),
  orientation: z.enum(['landscape', 'portrait']).optional(),
  body: z.string().optional(),
  courseIds: z.array(Uuid).optional(),
});
export const CertificateTemplatesBulkRequest = z.object({
  items: z.array(CertificateTemplateCreate).min(1, 'No items provided').max(1000),
  secretKey: z.string().optional(),
});
export const CertificateTemplatesBulkUpdateRequest = z.object({
  items: z.array(CertificateTemplateUpdate).min(1, 'No items provided').max(1000),
  secretKey: z.string().optional(),
});

export const BulkImportRequest = z
  .object({
    bulkImportAssetPath: z.union([HttpUrl, z.string().startsWith('data:')]).meta({
      description:
        'URL of the import file: a JSON array of rows (BulkImportCourseGroupRow for the courseGroup imports, BulkImportSessionRow for the session imports). The sandbox does not reach the network: it imports `data:` URLs (`data:application/json,[...]` or `;base64,`); http(s) URLs complete with nothing imported, except hosts ending in `.invalid`, which fail. The job (GET /jobs/{id}, type bulkImport) fails with a reason naming the first bad rows and then imports nothing.',
    }),
    secretKey: z.string().optional(),
  })
  .meta({ id: 'BulkImportRequest' });
export const BulkImportResponse = z
  .object({
    backgroundJob: z.object({
      id: z.string(),
      type: z.literal('bulkImport'),
      status: z.literal('queued'),
    }),
  })
  .meta({ id: 'BulkImportResponse' });
