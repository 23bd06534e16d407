// Alerts: rules over the relay's stored events and its health, evaluated by the relay's leader only.
// A rule fires when its condition starts to hold, stays firing while it holds (no repeat), resolves when
// it stops, and fires at most once per window of `windowMinutes`. A firing is an alert: it rings the
// console's bell (unread per person, acknowledged once for everyone) and is POSTed to the rule's webhook,
// signed as Standard Webhooks say, retried with exponential backoff and jitter, every attempt logged.
import { z } from '../zod.ts';
import { EventKind, type EventKind as EventKindType } from '../enums.ts';
import { consoleEndpoint } from './endpoint.ts';
import { CursorParam, LimitParam, PageInfo } from './pages.ts';

/** Event kinds as a sentence says them ("12 quiz attempts"). */
export const KIND_PLURALS: Record<EventKindType, string> = {
  courseAction: 'course activity events',
  courseEnrollment: 'course enrollments',
  courseCompletion: 'course completions',
  courseCertificate: 'certificates',
  learningPathAction: 'learning path activity events',
  learningPathEnrollment: 'learning path enrollments',
  quizAttempt: 'quiz attempts',
  assignmentSubmission: 'assignment submissions',
};

/** One event of a kind as a sentence says it ("1 quiz attempt"). */
export const KIND_SINGULARS: Record<EventKindType, string> = {
  courseAction: 'course activity event',
  courseEnrollment: 'course enrollment',
  courseCompletion: 'course completion',
  courseCertificate: 'certificate',
  learningPathAction: 'learning path activity event',
  learningPathEnrollment: 'learning path enrollment',
  quizAttempt: 'quiz attempt',
  assignmentSubmission: 'assignment submission',
};

/** "1 quiz attempt", "12 quiz attempts". */
export const countOfKind = (count: number, kind: EventKindType): string =>
  `${count.toLocaleString('en')} ${count === 1 ? KIND_SINGULARS[kind] : KIND_PLURALS[kind]}`;

export const ALERT_LIMITS = { windowMinutes: 7 * 24 * 60, threshold: 1_000_000, nameLength: 80 };

const WindowMinutes = z
  .int('must be a whole number of minutes')
  .check(
    z.gte(1, 'must be at least 1 minute'),
    z.lte(ALERT_LIMITS.windowMinutes, 'must be at most 7 days (10080 minutes)'),
  )
  .register(z.globalRegistry, { description: 'W: the window, in minutes.' });

export const EventMatch = z
  .object({
    learner: z
      .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(320)))
      .register(z.globalRegistry, {
        description: "Learner id, email, or part of the name, as the event monitor's filter.",
      }),
    course: z.optional(z.uuid('must be a course or learning path id')),
    quizResult: z.optional(z.enum(['failed', 'passed'])).register(z.globalRegistry, {
      description: 'Quiz attempts only: count failed (or passed) attempts alone.',
    }),
  })
  .register(z.globalRegistry, {
    description: "The event monitor's structured filter; every part optional.",
  });
export type EventMatch = z.infer<typeof EventMatch>;

export const AlertCondition = z
  .discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('burst'),
        kind: EventKind,
        threshold: z
          .int('must be a whole number')
          .check(z.gte(0, 'must be 0 or more'), z.lte(ALERT_LIMITS.threshold))
          .register(z.globalRegistry, {
            description: 'N: fires when more than N events arrive within the window.',
          }),
        windowMinutes: WindowMinutes,
        match: z._default(EventMatch, {}),
      }),
      z.object({
        type: z.literal('silence'),
        kind: EventKind,
        windowMinutes: WindowMinutes,
        match: z._default(EventMatch, {}),
      }),
      z.object({
        type: z.literal('relayLag'),
        kind: z
          .nullable(EventKind)
          .register(z.globalRegistry, { description: 'Null: any kind the relay polls.' }),
        windowMinutes: WindowMinutes,
      }),
      z.object({
        type: z.literal('kindFailing'),
        kind: z
          .nullable(EventKind)
          .register(z.globalRegistry, { description: 'Null: any kind the relay polls.' }),
        windowMinutes: WindowMinutes,
      }),
    ],
    {
      error: "must be 'burst', 'silence', 'relayLag' or 'kindFailing'",
    },
  )
  .check(
    z.superRefine((condition, ctx) => {
      if ('match' in condition && condition.match.quizResult && condition.kind !== 'quizAttempt')
        ctx.addIssue({
          code: 'custom',
          path: ['match', 'quizResult'],
          message: 'applies to quiz attempts only',
        });
    }),
  )
  .register(z.globalRegistry, {
    description:
      '`burst`: more than `threshold` events of `kind` (matching `match`) within the window; `silence`: no such event for the window; `relayLag`: no complete poll of a kind for longer than the window; `kindFailing`: a kind has been failing (errors, retries) for the window.',
  });
export type AlertCondition = z.infer<typeof AlertCondition>;
export type AlertConditionType = AlertCondition['type'];

const minutes = (count: number) =>
  count % 60 === 0 && count >= 60
    ? `${count / 60} hour${count === 60 ? '' : 's'}`
    : `${count} minute${count === 1 ? '' : 's'}`;

function matchWords(match: EventMatch, courseWords: string | null): string {
  const parts = [
    match.quizResult ? `${match.quizResult} only` : '',
    match.learner ? `learner “${match.learner}”` : '',
    match.course ? (courseWords ?? `course or learning path ${match.course}`) : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * The rule's condition in a sentence: "More than 50 quiz attempts within 10 minutes". `courseWords` name
 * the course filter (its title, as the server's names service gives it); without them, its id.
 */
export function describeCondition(
  condition: AlertCondition,
  courseWords: string | null = null,
): string {
  const window = minutes(condition.windowMinutes);
  const kind = (value: EventKindType | null) => (value ? KIND_PLURALS[value] : 'any kind');
  switch (condition.type) {
    case 'burst':
      return `More than ${countOfKind(condition.threshold, condition.kind)}${matchWords(condition.match, courseWords)} within ${window}`;
    case 'silence':
      return `No ${KIND_PLURALS[condition.kind]}${matchWords(condition.match, courseWords)} for ${window}`;
    case 'relayLag':
      return `The relay more than ${window} behind on ${kind(condition.kind)}`;
    case 'kindFailing':
      return `The relay failing to poll ${kind(condition.kind)} for ${window}`;
  }
}

export const AlertRuleInput = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'must not be empty'),
      z.maxLength(ALERT_LIMITS.nameLength, `must be at most ${ALERT_LIMITS.nameLength} characters`),
    ),
  enabled: z._default(z.boolean(), true),
  condition: AlertCondition,
  webhookUrl: z
    ._default(
      z.nullable(
        z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).check(z.maxLength(2000)),
      ),
      null,
    )
    .register(z.globalRegistry, {
      description:
        'Where firings are POSTed (JSON with a Slack-compatible `text`); null: the console only. It must not lead to an internal address unless `LECTERN_URL_ALLOWLIST` allows it.',
    }),
});
export type AlertRuleInput = z.input<typeof AlertRuleInput>;

export const AlertRuleState = z.enum(['ok', 'firing']).register(z.globalRegistry, {
  description: '`firing`: its condition holds and it fired; `ok`: it does not (or it is disabled).',
});

export const AlertRule = z.object({
  id: z.uuid(),
  name: z.string(),
  enabled: z.boolean(),
  condition: AlertCondition,
  description: z
    .string()
    .register(z.globalRegistry, { description: 'The condition in a sentence.' }),
  webhookUrl: z.nullable(z.string()).register(z.globalRegistry, {
    description: 'Shown to admins; null for other roles (a webhook URL can be a secret itself).',
  }),
  hasWebhook: z.boolean(),
  webhookSecretHint: z.nullable(z.string()).register(z.globalRegistry, {
    description: 'The last 4 characters of the signing secret, for admins.',
  }),
  state: AlertRuleState,
  lastFiredAt: z.nullable(z.iso.datetime()),
  lastEvaluatedAt: z.nullable(z.iso.datetime()),
  lastEvaluatedBy: z.nullable(z.string()).register(z.globalRegistry, {
    description: "The console server that evaluated it last: the relay's leader at the time.",
  }),
  version: z.int().check(z.positive()),
  createdAt: z.iso.datetime(),
  createdBy: z.string(),
  updatedAt: z.iso.datetime(),
  updatedBy: z.string(),
});
export type AlertRule = z.infer<typeof AlertRule>;

/** A rule as saved, with its signing secret: given once, when a webhook is set or the secret rotated. */
export const SavedAlertRule = z.object({
  rule: AlertRule,
  webhookSecret: z.nullable(z.string()).register(z.globalRegistry, {
    description:
      'The Standard Webhooks signing secret (`whsec_…`), shown this once; null when unchanged or without a webhook.',
  }),
});
export type SavedAlertRule = z.infer<typeof SavedAlertRule>;

export const AlertRuleParams = z.object({ id: z.uuid('must be an alert rule id') });

export const listAlertRules = consoleEndpoint({
  operationId: 'listAlertRules',
  method: 'GET',
  path: '/api/alerts/rules',
  summary: 'Every alert rule, by name.',
  access: ['admin', 'support'],
  response: z.object({ rules: z.array(AlertRule) }),
});

export const createAlertRule = consoleEndpoint({
  operationId: 'createAlertRule',
  method: 'POST',
  path: '/api/alerts/rules',
  summary: 'Creates an alert rule.',
  access: ['admin'],
  body: AlertRuleInput,
  response: SavedAlertRule,
  errors: [
    {
      status: 400,
      error: 'bad_request',
      when: 'The webhook URL leads to an internal address (the message says which).',
    },
    { status: 409, error: 'conflict', when: 'Another rule has that name.' },
  ],
});

export const UpdateAlertRuleBody = z.extend(AlertRuleInput, {
  version: z
    .int()
    .check(z.positive())
    .register(z.globalRegistry, { description: 'The `version` the change is based on.' }),
  rotateSecret: z._default(z.boolean(), false).register(z.globalRegistry, {
    description: 'Issue a new signing secret (the old one stops at once).',
  }),
});

export const updateAlertRule = consoleEndpoint({
  operationId: 'updateAlertRule',
  method: 'PUT',
  path: '/api/alerts/rules/{id}',
  summary: 'Changes an alert rule (all of it), optionally with a new signing secret.',
  description:
    'A rule keeps its signing secret while its webhook URL stays the same; a new URL gets a new secret. A changed condition resolves an open firing.',
  access: ['admin'],
  params: AlertRuleParams,
  body: UpdateAlertRuleBody,
  response: SavedAlertRule,
  errors: [
    { status: 404, error: 'not_found', when: 'No such rule.' },
    {
      status: 409,
      error: 'conflict',
      when: 'Changed by someone else after `version`, or the name is taken.',
    },
  ],
});

export const deleteAlertRule = consoleEndpoint({
  operationId: 'deleteAlertRule',
  method: 'DELETE',
  path: '/api/alerts/rules/{id}',
  summary: 'Deletes an alert rule; its alerts and their delivery log stay.',
  access: ['admin'],
  params: AlertRuleParams,
  response: null,
  errors: [{ status: 404, error: 'not_found', when: 'No such rule.' }],
});

export const DeliveryState = z
  .enum(['pending', 'retrying', 'delivered', 'failed'])
  .register(z.globalRegistry, {
    description:
      '`pending`: not tried yet; `retrying`: an attempt failed, the next is due at `nextAttemptAt`; `delivered`: a 2xx answer; `failed`: every attempt failed.',
  });
export type DeliveryState = z.infer<typeof DeliveryState>;

export const DeliveryAttempt = z.object({
  attempt: z.int().check(z.positive()),
  at: z.iso.datetime(),
  statusCode: z
    .nullable(z.int())
    .register(z.globalRegistry, { description: 'Null when no answer came.' }),
  error: z
    .nullable(z.string())
    .register(z.globalRegistry, { description: 'Why the attempt failed, in words.' }),
  durationMs: z.int(),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

export const AlertDelivery = z.object({
  id: z.string().register(z.globalRegistry, {
    description: 'Also the `webhook-id` header: the same on every retry.',
  }),
  host: z.string().register(z.globalRegistry, {
    description: "The webhook's host (the URL itself is shown to admins on the rule).",
  }),
  state: DeliveryState,
  attempts: z.array(DeliveryAttempt).register(z.globalRegistry, { description: 'Oldest first.' }),
  nextAttemptAt: z.nullable(z.iso.datetime()),
});
export type AlertDelivery = z.infer<typeof AlertDelivery>;

export const Alert = z.object({
  seq: z.int().check(z.positive()),
  id: z.uuid(),
  ruleId: z.uuid(),
  ruleName: z.string(),
  text: z.string().register(z.globalRegistry, {
    description: 'What happened, in a sentence (the webhook `text`).',
  }),
  observed: z.number().register(z.globalRegistry, {
    description:
      'The figure that made it fire: events counted (`burst`), minutes without one (`silence`), minutes behind or failing (`relayLag`, `kindFailing`).',
  }),
  firedAt: z.iso.datetime(),
  resolvedAt: z
    .nullable(z.iso.datetime())
    .register(z.globalRegistry, { description: 'When the condition stopped holding.' }),
  acknowledgedAt: z.nullable(z.iso.datetime()),
  acknowledgedBy: z.nullable(z.string()),
  unread: z
    .boolean()
    .register(z.globalRegistry, { description: 'Fired after the caller last opened the bell.' }),
  deliveries: z.array(AlertDelivery),
});
export type Alert = z.infer<typeof Alert>;

export const AlertPage = z.object({
  alerts: z.array(Alert).register(z.globalRegistry, { description: 'Newest first.' }),
  pageInfo: PageInfo,
});
export type AlertPage = z.infer<typeof AlertPage>;

export const listAlerts = consoleEndpoint({
  operationId: 'listAlerts',
  method: 'GET',
  path: '/api/alerts',
  summary: 'Alerts (firings), newest first, in keyset pages, each with its deliveries.',
  access: ['admin', 'support'],
  query: z.object({
    rule: z.optional(z.uuid('must be an alert rule id')),
    open: z
      .optional(
        z.pipe(
          z.enum(['true', 'false']),
          z.transform((value) => value === 'true'),
        ),
      )
      .register(z.globalRegistry, { description: '`true`: only alerts not acknowledged yet.' }),
    cursor: z.optional(CursorParam),
    limit: LimitParam,
  }),
  response: AlertPage,
});

export const AlertSummary = z.object({
  unread: z.int().register(z.globalRegistry, {
    description: 'Alerts fired after the caller last opened the bell.',
  }),
  unacknowledged: z.int(),
  firing: z.int().register(z.globalRegistry, { description: 'Rules firing now.' }),
  latestSeq: z.int().register(z.globalRegistry, {
    description: 'The newest alert seq (0: none): send to mark read.',
  }),
});
export type AlertSummary = z.infer<typeof AlertSummary>;

export const getAlertSummary = consoleEndpoint({
  operationId: 'getAlertSummary',
  method: 'GET',
  path: '/api/alerts/summary',
  summary: "The bell's counts for the caller.",
  description:
    'Read from the shared database, so it is the same on every console server. The console polls it every 15 s and when the tab regains focus.',
  access: ['admin', 'support'],
  response: AlertSummary,
});

export const markAlertsRead = consoleEndpoint({
  operationId: 'markAlertsRead',
  method: 'POST',
  path: '/api/alerts/read',
  summary: 'Marks every alert up to `upTo` as read, for the caller only.',
  access: ['admin', 'support'],
  body: z.object({
    upTo: z.int().check(z.gte(0)).register(z.globalRegistry, {
      description: 'The `latestSeq` of the summary the caller saw.',
    }),
  }),
  response: AlertSummary,
});

export const acknowledgeAlert = consoleEndpoint({
  operationId: 'acknowledgeAlert',
  method: 'POST',
  path: '/api/alerts/{id}/acknowledge',
  summary: 'Acknowledges an alert for everyone: someone is on it.',
  description:
    'Acknowledging an alert that is acknowledged already keeps the first acknowledgement.',
  access: ['admin', 'support'],
  params: z.object({ id: z.uuid('must be an alert id') }),
  response: Alert,
  errors: [{ status: 404, error: 'not_found', when: 'No such alert.' }],
});

export const ALERTS_INTRO = [
  "Rules over the relay's stored events and its health, evaluated by the relay's leader only (every",
  '`LECTERN_ALERTS_EVALUATE_S` seconds). A rule fires when its condition starts to hold and at most once per',
  'window; it resolves when the condition stops holding. Admins manage rules; support reads them and',
  'acknowledges alerts. Webhook deliveries follow Standard Webhooks: `webhook-id` (the delivery id, the same',
  'on every retry), `webhook-timestamp` (seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of',
  "`id.timestamp.body` with the base64 part of the rule's `whsec_` secret); the JSON body carries a",
  'Slack-compatible `text`. Failed attempts are retried with exponential backoff and jitter, up to',
  '`LECTERN_WEBHOOK_ATTEMPTS` attempts.',
].join(' ');

export const ALERTS_ENDPOINTS = [
  listAlertRules,
  createAlertRule,
  updateAlertRule,
  deleteAlertRule,
  listAlerts,
  getAlertSummary,
  markAlertsRead,
  acknowledgeAlert,
] as const;
