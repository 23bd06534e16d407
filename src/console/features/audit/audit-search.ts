// The audit page's filters as validated URL search params: a stale or hand-edited link falls back to
// "no filter" for the bad part, never to an error page. Same rules as the server's /api/audit query.
import { z } from 'zod';
import { AUDIT_STATUS_FILTER } from '#contract/console/audit-status.ts';

/** The router parses `?status=403` as a number; filters are text, whatever they look like. */
const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1).max(max));

const isoTime = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)))
  .transform((value) => new Date(value).toISOString());

export const AuditSearch = z.object({
  user: text(320).optional().catch(undefined),
  route: text(500).optional().catch(undefined),
  status: text(3)
    .pipe(z.string().regex(AUDIT_STATUS_FILTER))
    .transform((value) => value.toLowerCase())
    .optional()
    .catch(undefined),
  from: isoTime.optional().catch(undefined),
  to: isoTime.optional().catch(undefined),
});
export type AuditSearchParams = z.output<typeof AuditSearch>;

/** The filter part of the server's query (`cursor`, `limit` and `format` are added by the caller). */
export function auditFilterQuery(search: AuditSearchParams): Record<string, string | undefined> {
  return {
    user: search.user,
    route: search.route,
    status: search.status,
    from: search.from,
    to: search.to,
  };
}
