// The audit log for admins: every state-changing call under /api, refusals included, written before
// the call takes effect (docs/decisions/audit-before-effect.md); filtered keyset pages and exports.
import { z } from '../zod.ts';
import { AUDIT_STATUS_FILTER } from './audit-status.ts';
import { consoleEndpoint } from './endpoint.ts';
import { CursorParam, LimitParam, PageInfo, timeRangeParams } from './pages.ts';
import { SignInMethod } from './session.ts';

export const AuditSubjectType = z.enum(['courseGroup', 'course', 'learningPath']);
export type AuditSubjectType = z.infer<typeof AuditSubjectType>;

/** What a call changed on one subject, old -> new (values, never bodies or secrets). */
export const AuditChange = z.object({
  field: z
    .enum(['priceInCents', 'status', 'archived', 'completionCriteria', 'translation', 'title'])
    .register(z.globalRegistry, {
      description:
        '`completionCriteria`: a criterion as `{ type, value }`; `translation`: `after` is `{ language, units, changed }`.',
    }),
  node: z
    .nullable(z.object({ kind: z.enum(['section', 'lesson', 'topic']), title: z.string() }))
    .register(z.globalRegistry, {
      description: 'The section, lesson or topic of the course it is about, if any.',
    }),
  before: z
    .optional(z.unknown())
    .register(z.globalRegistry, { description: 'Absent when unknown or new.' }),
  after: z.optional(z.unknown()),
});
export type AuditChange = z.infer<typeof AuditChange>;

export const AuditSubject = z.object({
  type: AuditSubjectType,
  id: z.string(),
  title: z.nullable(z.string()).register(z.globalRegistry, {
    description:
      'When the call itself carried one (create, a rename) or the course was read before it; otherwise null, and the audit page shows the current title.',
  }),
  changes: z.optional(z.array(AuditChange)).register(z.globalRegistry, {
    description:
      'What the call changed on it, old -> new, as read just before it was forwarded (course/history).',
  }),
});
export type AuditSubject = z.infer<typeof AuditSubject>;

export const AuditOutcome = z
  .enum(['pending', 'completed', 'unknown', 'aborted'])
  .register(z.globalRegistry, {
    description:
      '`pending`: recorded before the call took effect, not answered yet; `completed`: answered; `unknown`: its server stopped before the answer; `aborted`: the client closed the connection before the answer reached it (no status).',
  });
export type AuditOutcome = z.infer<typeof AuditOutcome>;

export const AuditEntry = z.object({
  seq: z.int(),
  at: z.iso.datetime(),
  serverName: z.nullable(z.string()).register(z.globalRegistry, {
    description:
      'The console server that handled the call (`LECTERN_SERVER_NAME`); null for rows written before servers were named.',
  }),
  userEmail: z.nullable(z.string()),
  role: z.nullable(z.string()),
  signedInWith: z.nullable(SignInMethod).register(z.globalRegistry, {
    description:
      "How the user signed in: the session's, or for a sign-in the way it was attempted. Null without a session, and for rows written before it was recorded.",
  }),
  clientAddress: z.nullable(z.string()),
  method: z.string(),
  route: z.string().register(z.globalRegistry, {
    description: '`METHOD /template`: `POST /api/v2/content/course/create`.',
  }),
  path: z.string(),
  operation: z
    .string()
    .register(z.globalRegistry, { description: '`createCourses`, `signIn`, `grantRole`…' }),
  summary: z.string().register(z.globalRegistry, {
    description:
      'What changed (counts, titles, publish and archive effects), never the content itself.',
  }),
  bodySha256: z.nullable(z.string()).register(z.globalRegistry, {
    description:
      'Identifies the exact payload; sign-in bodies are never hashed (they hold a password).',
  }),
  bodyBytes: z.nullable(z.number()),
  status: z.nullable(z.number()).register(z.globalRegistry, {
    description: 'What the browser got; null while the outcome is pending or unknown.',
  }),
  upstreamStatus: z
    .nullable(z.number())
    .register(z.globalRegistry, { description: 'Null when the call never reached the instance.' }),
  jobId: z
    .nullable(z.string())
    .register(z.globalRegistry, { description: 'The `backgroundJob.id` of the upstream answer.' }),
  refusal: z
    .nullable(z.string())
    .register(z.globalRegistry, { description: 'Why the console refused the call.' }),
  durationMs: z.nullable(z.number()),
  outcome: AuditOutcome,
  subjects: z.array(AuditSubject).register(z.globalRegistry, {
    description:
      'The course groups, courses and learning paths the call touched, at most 25: ids from the request (update items, the releaseContent path) and, for create, the new group ids from the answer.',
  }),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export { AUDIT_STATUS_FILTER };

export const AuditFilterQuery = z.object({
  user: z
    .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(320)))
    .register(z.globalRegistry, { description: 'Email (case-insensitive).' }),
  route: z
    .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500)))
    .register(z.globalRegistry, {
      description:
        '`METHOD /template` (`PUT /api/v2/content/course/update`), the template alone, or an operation (`updateCourses`, `signIn`, `grantRole`).',
    }),
  server: z
    .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)))
    .register(z.globalRegistry, { description: 'The console server that recorded the call.' }),
  outcome: z.optional(AuditOutcome),
  status: z
    .optional(
      z
        .string()
        .check(z.regex(AUDIT_STATUS_FILTER, "must be a status code (403) or class ('4xx')")),
    )
    .register(z.globalRegistry, { description: 'An exact status (`403`) or a class (`4xx`).' }),
  ...timeRangeParams(),
});
export type AuditFilterQuery = z.output<typeof AuditFilterQuery>;

export const AuditPageQuery = z.extend(AuditFilterQuery, {
  cursor: z.optional(CursorParam),
  limit: LimitParam,
});
export const AuditExportQuery = z.extend(AuditFilterQuery, {
  format: z._default(z.enum(['csv', 'ndjson']), 'csv'),
});
export type AuditExportFormat = z.output<typeof AuditExportQuery>['format'];

export const AuditPage = z.object({
  entries: z.array(AuditEntry).register(z.globalRegistry, { description: 'Newest first.' }),
  pageInfo: PageInfo,
});
export type AuditPage = z.infer<typeof AuditPage>;

export const listAudit = consoleEndpoint({
  operationId: 'listAudit',
  method: 'GET',
  path: '/api/audit',
  summary: 'Audit entries, newest first, in keyset pages, with filters.',
  access: ['admin'],
  query: AuditPageQuery,
  response: AuditPage,
});

export const exportAudit = consoleEndpoint({
  operationId: 'exportAudit',
  method: 'GET',
  path: '/api/audit/export',
  summary: 'Every entry that matches the filters, as a download.',
  access: ['admin'],
  query: AuditExportQuery,
  response: {
    stream: true,
    contentTypes: {
      'text/csv': {
        description:
          "One row per entry, the columns of the entry below; cells a spreadsheet would evaluate are prefixed with `'`. Sent with `Content-Disposition: attachment`.",
      },
      'application/x-ndjson': {
        description: 'One entry per line. Sent with `Content-Disposition: attachment`.',
        schema: AuditEntry,
      },
    },
  },
});

export const AUDIT_INTRO = [
  'Every state-changing call under `/api` is recorded: proxied writes, sign-in and sign-out, role changes,',
  'and refusals (CSRF, role) with their reason. Reads are not recorded. A call that takes effect is recorded',
  'before it does (before it is forwarded, before the sign-in is sent to the instance, before the role or',
  'session changes), `pending`, and completed with its answer; if that first write fails the call is refused',
  'with `503 database_unavailable` and nothing happens. A server killed in between leaves the row pending,',
  'and marks it `unknown` when it starts again. Refusals get one row, written as their response ends. Every',
  'server of a cluster writes into the one log, so any of them exports all of it.',
].join(' ');

export const AUDIT_ENDPOINTS = [listAudit, exportAudit] as const;
