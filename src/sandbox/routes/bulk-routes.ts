// Bulk endpoints of spec 4.4: prices, completion criteria, certificate templates, the four imports.
import type { FastifyInstance } from 'fastify';
import type { SandboxDeps } from '../deps.ts';
import { completionCriteriaService } from '../services/bulk-completion-criteria.ts';
import { certificateTemplateService } from '../services/bulk-certificate-templates.ts';
import { bulkImportService } from '../services/bulk-imports.ts';
import { bulkPriceService } from '../services/bulk-prices.ts';
import { defineRoute, type OperationId } from './define-route.ts';

const IMPORTS = [
  ['bulkImportWebinarSessions', 'session', 'webinar'],
  ['bulkImportInPersonEventSessions', 'session', 'inPersonEvent'],
  ['bulkImportWebinarCourseGroups', 'courseGroup', 'webinar'],
  ['bulkImportInPersonEventCourseGroups', 'courseGroup', 'inPersonEvent'],
] as const satisfies readonly (readonly [OperationId, string, string])[];

export function registerBulkRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  const prices = bulkPriceService(deps);
  const criteria = completionCriteriaService(deps);
  const templates = certificateTemplateService(deps);
  const imports = bulkImportService(deps);

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
      imports.enqueue(companyId, {
        target,
        eventKind,
        bulkImportAssetPath: body.bulkImportAssetPath,
      }),
    );
}
