// The audit log for admins: filtered keyset pages, and CSV/NDJSON export of the same filter.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditCsv, auditNdjson, toPublicEntry } from '../audit/audit-export.ts';
import { requireRole } from '../auth/guards.ts';
import type { ConsoleDeps } from '../deps.ts';
import type { AuditFilter } from '../storage/audit-repository.ts';
import { CursorParam, encodeCursor, LimitParam, TimeParam } from './query-params.ts';
import { parseInput } from './validate.ts';

const FilterQuery = z.object({
  user: z.string().trim().min(1).max(320).optional(),
  route: z.string().trim().min(1).max(500).optional(),
  server: z.string().trim().min(1).max(200).optional(),
  outcome: z.enum(['pending', 'completed', 'unknown']).optional(),
  status: z
    .string()
    .regex(/^([1-5]\d\d|[1-5]xx)$/i, "must be a status code (403) or class ('4xx')")
    .optional(),
  from: TimeParam.optional(),
  to: TimeParam.optional(),
});
const PageQuery = FilterQuery.extend({ cursor: CursorParam.optional(), limit: LimitParam });
const ExportQuery = FilterQuery.extend({ format: z.enum(['csv', 'ndjson']).default('csv') });

function toFilter(query: z.infer<typeof FilterQuery>): AuditFilter {
  const status = query.status?.toLowerCase();
  return {
    user: query.user?.toLowerCase(),
    route: query.route,
    server: query.server,
    outcome: query.outcome,
    status:
      status === undefined
        ? undefined
        : status.endsWith('xx')
          ? { hundreds: Number(status[0]) }
          : { exact: Number(status) },
    from: query.from,
    to: query.to,
  };
}

export function registerAuditRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  app.get('/api/audit', async (request) => {
    requireRole(request, ['admin']);
    const query = parseInput(PageQuery, request.query);
    const rows = await deps.audit.page(toFilter(query), query.cursor, query.limit + 1);
    const hasMore = rows.length > query.limit;
    const entries = rows.slice(0, query.limit);
    return {
      entries: entries.map(toPublicEntry),
      pageInfo: {
        hasMore,
        ...(hasMore ? { cursor: encodeCursor(entries[entries.length - 1]!.seq) } : {}),
      },
    };
  });

  app.get('/api/audit/export', async (request, reply) => {
    requireRole(request, ['admin']);
    const query = parseInput(ExportQuery, request.query);
    const rows = deps.audit.iterate(toFilter(query));
    const stamp = new Date(deps.now()).toISOString().replace(/[:.]/g, '-');
    reply
      .type(query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson')
      .header(
        'content-disposition',
        `attachment; filename="lectern-audit-${stamp}.${query.format}"`,
      );
    return reply.send(Readable.from(query.format === 'csv' ? auditCsv(rows) : auditNdjson(rows)));
  });
}
