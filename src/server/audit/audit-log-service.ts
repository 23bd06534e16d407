// Reading the audit log: keyset pages and whole exports for a filter of the contract's audit query.
import { Readable } from 'node:stream';
import type { AuditExportFormat, AuditFilterQuery, AuditPage } from '#contract/console/audit.ts';
import { encodeCursor } from '#contract/console/pages.ts';
import type { AuditFilter, AuditRepository } from '../storage/audit-repository.ts';
import { auditCsv, auditNdjson, toPublicEntry } from './audit-export.ts';

function toFilter(query: AuditFilterQuery): AuditFilter {
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

export interface AuditExport {
  filename: string;
  contentType: string;
  body: Readable;
}

/**
 * `written` resolves once this server's audit rows of calls already answered are in the database:
 * reads wait for it, so a client that reads the log right after a call finds that call's row.
 */
export function createAuditLogService(
  repo: AuditRepository,
  now: () => number,
  written: () => Promise<void>,
) {
  return {
    /** Newest first: the entries before `cursor` (a seq), and whether more follow. */
    async page(query: AuditFilterQuery & { cursor?: number; limit: number }): Promise<AuditPage> {
      await written();
      const rows = await repo.page(toFilter(query), query.cursor, query.limit + 1);
      const hasMore = rows.length > query.limit;
      const entries = rows.slice(0, query.limit);
      return {
        entries: entries.map(toPublicEntry),
        pageInfo: {
          hasMore,
          ...(hasMore ? { cursor: encodeCursor(entries[entries.length - 1]!.seq) } : {}),
        },
      };
    },
    /** Every matching entry, generated row by row as the file is sent. */
    export(query: AuditFilterQuery & { format: AuditExportFormat }): AuditExport {
      const filter = toFilter(query);
      async function* rows() {
        await written();
        yield* repo.iterate(filter);
      }
      const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
      return {
        filename: `lectern-audit-${stamp}.${query.format}`,
        contentType: query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
        body: Readable.from(query.format === 'csv' ? auditCsv(rows()) : auditNdjson(rows())),
      };
    },
  };
}
export type AuditLogService = ReturnType<typeof createAuditLogService>;
