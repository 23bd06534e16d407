// The audit log for admins: every state-changing call under /api, refusals included, written before
// the call takes effect (docs/decisions/audit-before-effect.md); filtered keyset pages and exports.
import { z } from 'zod';
import { AUDIT_STATUS_FILTER } from './audit-status.ts';
import { consoleEndpoint } from './endpoint.ts';
import { CursorParam, LimitParam, PageInfo, TimeParam } from './pages.ts';
import { SignInMethod } from './session.ts';

export const AuditSubjectType = z.enum(['courseGroup', 'course', 'learningPath']);
export type AuditSubjectType = z.infer<typeof AuditSubjectType>;

/** What a call changed on one subject, old -> new (values, never bodies or secrets). */
export const AuditChange = z.object({
  field: z
    .enum(['priceInCents', 'status', 'archived', 'completionCriteria', 'translation', 'title'])
    .meta({
      description:
        '`completionCriteria`: a criterion as `{ type, value }`; `translation`: `after` is `{ language, units, changed }`.',
    }),
  node: z
    .object({ kind: z.enum(['section', 'lesson', 'topic']), title: z.string() })
    .nullable()
    .meta({ description: 'The section, lesson or topic of the course it is about, if any.' }),
  before: z.unknown().optional().meta({ description: 'Absent when unknown or new.' }),
  after: z.unknown().optional(),
});
export type AuditChange = z.infer<typeof AuditChange>;

export const AuditSubject = z.object({
  type: AuditSubjectType,
  id: z.string(),
  title: z.string().nullable().meta({
    description:
      'When the call itself carried one (create, a rename) or the course was read before it; otherwise null, and the audit page shows the current title.',
  }),
  changes: z.array(AuditChange).optional().meta({
    description:
      'What the call changed on it, old -> new, as read just before it was forwarded (course/history).',
  }),
});
export type AuditSubject = z.infer<typeof AuditSubject>;

export const AuditOutcome = z.enum(['pending', 'completed', 'unknown', 'aborted']).meta({
  description:
    '`pending`: recorded before the call took effect, not answered yet; `completed`: answered; `unknown`: its server stopped before the answer; `aborted`: the client closed the connection before the answer reached it (no status).',
});
export type AuditOutcome = z.infer<typeof AuditOutcome>;

export const AuditEntry = z.object({
  seq: z.int(),
  at: z.iso.datetime(),
  serverName: z.string().nullable().meta({
    description:
      'The console server that handled the call (`LECTERN_SERVER_NAME`); null for rows written before servers were named.',
  }),
  userEmail: z.string().nullable(),
  role: z.string().nullable(),
  signedInWith: SignInMethod.nullable().meta({
    description:
      "How the user signed in: the session's, or for a sign-in the way it was attempted. Null without a session, and for rows written before it was recorded.",
  }),
  clientAddress: z.string().nullable(),
  method: z.string(),
  route: z
    .string()
    .meta({ description: '`METHOD /template`: `POST /api/v2/content/course/create`.' }),
  path: z.string(),
  operation: z.string().meta({ description: '`createCourses`, `signIn`, `grantRole`…' }),
  summary: z.string().meta({
    description:
      'What changed (counts, titles, publish and archive effects), never the content itself.',
  }),
  bodySha256: z.string().nullable().meta({
    description:
      'Identifies the exact payload; sign-in bodies are never hashed (they hold a password).',
  }),
  bodyBytes: z.number().nullable(),
  status: z.number().nullable().meta({
    description: 'What the browser got; null while the outcome is pending or unknown.',
  }),
  upstreamStatus: z
    .number()
    .nullable()
    .meta({ description: 'Null when the call never reached the instance.' }),
  jobId: z
    .string()
    .nullable()
    .meta({ description: 'The `backgroundJob.id` of the upstream answer.' }),
  refusal: z.string().nullable().meta({ description: 'Why the console refused the call.' }),
  durationMs: z.number().nullable(),
  outcome: AuditOutcome,
  subjects: z.array(AuditSubject).meta({
    description:
      'The course groups, courses and learning paths the call touched, at most 25: ids from the request (update items, the releaseContent path) and, for create, the new group ids from the answer.',
  }),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export { AUDIT_STATUS_FILTER };

export const AuditFilterQuery = z.object({
  user: z
    .string()
    .trim()
    .min(1)
    .max(320)
    .optional()
    .meta({ description: 'Email (case-insensitive).' }),
  route: z.string().trim().min(1).max(500).optional().meta({
    description:
      '`METHOD /template` (`PUT /api/v2/content/course/update`), the template alone, or an operation (`updateCourses`, `signIn`, `grantRole`).',
  }),
  server: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'The console server that recorded the call.' }),
  outcome: AuditOutcome.optional(),
  status: z
    .string()
    .regex(AUDIT_STATUS_FILTER, "must be a status code (403) or class ('4xx')")
    .optional()
    .meta({ description: 'An exact status (`403`) or a class (`4xx`).' }),
  from: TimeParam.optional().meta({ description: 'Epoch ms or ISO 8601; inclusive.' }),
  to: TimeParam.optional().meta({ description: 'Epoch ms or ISO 8601; exclusive.' }),
});
export type AuditFilterQuery = z.output<typeof AuditFilterQuery>;

export const AuditPageQuery = AuditFilterQuery.extend({
  cursor: CursorParam.optional(),
  limit: LimitParam,
});
export const AuditExportQuery = AuditFilterQuery.extend({
  format: z.enum(['csv', 'ndjson']).default('csv'),
});
export type AuditExportFormat = z.output<typeof AuditExportQuery>['format'];

export const AuditPage = z.object({
  entries: z.array(AuditEntry).meta({ description: 'Newest first.' }),
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
