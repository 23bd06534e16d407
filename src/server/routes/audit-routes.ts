// The audit log for admins: filtered keyset pages, and CSV/NDJSON export of the same filter.
import type { FastifyInstance } from 'fastify';
import { exportAudit, listAudit } from '#contract/console/audit.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';

export function registerAuditRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(listAudit, { handler: ({ query }) => deps.auditLog.page(query) });

  route(exportAudit, {
    handler: async ({ query, reply }) => {
      const file = deps.auditLog.export(query);
      reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`);
      return reply.send(file.body);
    },
  });
}
