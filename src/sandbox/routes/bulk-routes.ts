// Bulk endpoints of spec 4.4: prices, completion criteria, certificate templates, the four imports.
import type { FastifyInstance } from 'fastify';
import type { BulkImportJobPayload } from '#contract/index.ts';
import type { SandboxDeps } from '../deps.ts';
import { createCompletionCriteriaService } from '../services/bulk/completion-criteria-service.ts';
import { createCertificateTemplateService } from '../services/bulk/certificate-template-service.ts';
import { createBulkPriceService } from '../services/bulk/bulk-price-service.ts';
import { createJobService } from '../services/jobs/job-service.ts';
import { defineRoute, type OperationId } from './define-route.ts';

const IMPORTS = [
  ['bulkImportWebinarSessions', 'session', 'webinar'],
  ['bulkImportInPersonEventSessions', 'session', 'inPersonEvent'],
  ['bulkImportWebinarCourseGroups', 'courseGroup', 'webinar'],
  ['bulkImportInPersonEventCourseGroups', 'courseGroup', 'inPersonEvent'],
] as const satisfies readonly (readonly [OperationId, string, string])[];

export function registerBulkRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  const prices = createBulkPriceService(deps);
  const criteria = createCompletionCriteriaService(deps);
  const templates = createCertificateTemplateService(deps);
  const jobs = createJobService(deps);

  defineRoute(app, 'bulkUpdatePrices', ({ companyId, body }) =>
    prices.updatePrices(companyId, body.items),
  );
  defineRoute(app, 'bulkCreateCompletionCriteria', ({ companyId, body }) =>
    criteria.create(companyId, body.items),
  );
  defineRoute(app, 'bulkUpdateCompletionCriteria', ({ companyId, body }) =>
    criteria.update(companyId, body.items),
  );
  defineRoute(app, 'bulkCreateCertificateTemplates', ({ companyId, body }) =>
    templates.create(companyId, body.items),
  );
  defineRoute(app, 'bulkUpdateCertificateTemplates', ({ companyId, body }) =>
    templates.update(companyId, body.items),
  );
  for (const [operationId, target, eventKind] of IMPORTS)
    defineRoute(app, operationId, ({ companyId, body }) =>
      // The file is read when the job runs (services/bulk/bulk-imports.ts).
      jobs.enqueue(companyId, 'bulkImport', {
        target,
        eventKind,
        bulkImportAssetPath: body.bulkImportAssetPath,
      } satisfies BulkImportJobPayload),
    );
}
