// The audit log's data: keyset pages of /api/audit and the export URL for the same filter.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { exportAudit, listAudit, type AuditExportFormat } from '#contract/console/audit.ts';
import { callConsole, consoleUrl } from '../../lib/console-api.ts';
import { auditFilterQuery, type AuditSearchParams } from './audit-search.ts';

export const PAGE_SIZE = 50;

export const auditQueries = {
  all: ['audit'] as const,
  list: (search: AuditSearchParams) =>
    infiniteQueryOptions({
      queryKey: [...auditQueries.all, 'list', search] as const,
      queryFn: ({ pageParam, signal }) =>
        callConsole(listAudit, {
          signal,
          query: { ...auditFilterQuery(search), cursor: pageParam, limit: PAGE_SIZE },
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.pageInfo.hasMore ? last.pageInfo.cursor : undefined),
      staleTime: 0,
    }),
};

/** A plain GET the browser downloads itself (the server sends `Content-Disposition: attachment`). */
export const exportUrl = (search: AuditSearchParams, format: AuditExportFormat): string =>
  consoleUrl(exportAudit, { query: { ...auditFilterQuery(search), format } });
