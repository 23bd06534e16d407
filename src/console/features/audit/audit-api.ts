// The audit log's data: keyset pages of /api/audit and the export URL for the same filter.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../lib/api.ts';
import { queryString } from '../../lib/api-client.ts';
import { auditFilterQuery, type AuditSearchParams } from './audit-search.ts';

export const AuditSubject = z.object({
  type: z.enum(['courseGroup', 'course', 'learningPath']),
  id: z.string(),
  title: z.string().nullable(),
});
export type AuditSubject = z.infer<typeof AuditSubject>;

export const AuditEntry = z.object({
  seq: z.number(),
  at: z.string(),
  userEmail: z.string().nullable(),
  role: z.string().nullable(),
  clientAddress: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  path: z.string(),
  operation: z.string(),
  summary: z.string(),
  bodySha256: z.string().nullable(),
  bodyBytes: z.number().nullable(),
  /** null while the call is pending, and when its outcome is unknown. */
  status: z.number().nullable(),
  upstreamStatus: z.number().nullable(),
  jobId: z.string().nullable(),
  refusal: z.string().nullable(),
  durationMs: z.number().nullable(),
  /** Recorded before the call took effect: pending until answered, unknown if its server stopped. */
  outcome: z.enum(['pending', 'completed', 'unknown', 'aborted']),
  /** Absent from records written before the console server recorded them. */
  subjects: z.array(AuditSubject).default([]),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const AuditPage = z.object({
  entries: z.array(AuditEntry),
  pageInfo: z.object({ hasMore: z.boolean(), cursor: z.string().optional() }),
});

export const PAGE_SIZE = 50;

export const auditQueries = {
  all: ['audit'] as const,
  list: (search: AuditSearchParams) =>
    infiniteQueryOptions({
      queryKey: [...auditQueries.all, 'list', search] as const,
      queryFn: ({ pageParam, signal }) =>
        apiClient.request('/api/audit', {
          schema: AuditPage,
          signal,
          query: { ...auditFilterQuery(search), cursor: pageParam, limit: PAGE_SIZE },
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.pageInfo.hasMore ? last.pageInfo.cursor : undefined),
      staleTime: 0,
    }),
};

export type ExportFormat = 'csv' | 'ndjson';

/** A plain GET the browser downloads itself (the server sends `Content-Disposition: attachment`). */
export const exportUrl = (search: AuditSearchParams, format: ExportFormat): string =>
  `/api/audit/export${queryString({ ...auditFilterQuery(search), format })}`;
