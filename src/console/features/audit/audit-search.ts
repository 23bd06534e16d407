// The audit page's filters as validated URL search params: a stale or hand-edited link falls back to
// "no filter" for the bad part, never to an error page. Same rules as the server's /api/audit query.
import { AUDIT_STATUS_FILTER } from '#contract/console/audit-status.ts';
import { isoTime, urlSearch, urlText, type UrlValue } from '../../lib/url-search.ts';

/** The router parses `?status=403` as a number; filters are text, whatever they look like. */
const text = (max: number) => urlText(max, { booleans: false });

/** `403` or `4xx`, in any case; kept in lower case. */
const status: UrlValue<string> = (value) => {
  const code = text(3)(value);
  return code !== undefined && AUDIT_STATUS_FILTER.test(code) ? code.toLowerCase() : undefined;
};

export const AuditSearch = urlSearch({
  user: text(320),
  route: text(500),
  status,
  from: isoTime,
  to: isoTime,
});
export type AuditSearchParams = ReturnType<typeof AuditSearch.parse>;

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
