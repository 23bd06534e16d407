// Alerts (contract: alerts.ts): rules that admins manage and support reads, the alerts they fire, each
// person's unread marker, acknowledgements, and the two duties of the relay's leader: evaluating the
// rules and delivering webhooks (the wiring registers `duties` with the relay, see
// storage/leader-duties.ts). Every server answers the reads from the shared database, so the bell
// counts the same wherever a browser lands.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ConsoleRole } from '#contract/console/access.ts';
import {
  AlertCondition,
  describeCondition,
  type Alert,
  type AlertPage,
  type AlertRule,
  type AlertSummary,
  type SavedAlertRule,
} from '#contract/console/alerts.ts';
import { encodeCursor } from '#contract/console/pages.ts';
import { ApiError } from '../errors.ts';
import { describeRefusal, type AddressGuard } from '../net/address-guard.ts';
import type { AlertRuleRow, AlertsRepository } from '../storage/alerts-repository.ts';
import { isUniqueViolation } from '../storage/unique-violation.ts';
import { periodicDuty, type LeaderDuty } from '../storage/leader-duties.ts';
import { createAlertEvaluator } from './alert-evaluator.ts';
import { courseWords, type NameResolver } from './alert-names.ts';
import { createWebhookDeliveries, safeHost, type DeliveryPolicy } from './webhook-deliveries.ts';
import { createWebhookSender } from './webhook-sender.ts';
import { newWebhookSecret, secretHint } from './webhook-signing.ts';

export interface AlertsConfig extends DeliveryPolicy {
  evaluateEveryMs: number;
  deliverEveryMs: number;
}

export interface RuleInput {
  name: string;
  enabled: boolean;
  condition: AlertCondition;
  webhookUrl: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const NO_RULE = 'No alert rule with this id (it may have been deleted).';

export function createAlertsService(deps: {
  repo: AlertsRepository;
  addressGuard: AddressGuard;
  config: AlertsConfig;
  now: () => number;
  random?: () => number;
  log: Logger;
  consoleOrigin: string | null;
  serverName: string;
  /** Titles for the alerts' texts (the console's shared names service). */
  names: NameResolver;
}) {
  const { repo, now, config, log } = deps;
  const nameCourse = courseWords(deps.names, log);
  const evaluator = createAlertEvaluator({
    repo,
    now,
    log,
    serverName: deps.serverName,
    courseWords: nameCourse,
  });
  const deliveries = createWebhookDeliveries({
    repo,
    send: createWebhookSender({
      dispatcher: deps.addressGuard.dispatcher({ connections: 8 }),
      timeoutMs: config.timeoutMs,
      now,
    }),
    policy: config,
    now,
    random: deps.random ?? Math.random,
    log,
    consoleOrigin: deps.consoleOrigin,
  });
  const evaluation = periodicDuty({
    name: 'alert evaluation',
    everyMs: () => config.evaluateEveryMs,
    run: () => evaluator.evaluateAll(),
    log,
  });
  const delivery = periodicDuty({
    name: 'webhook delivery',
    everyMs: () => config.deliverEveryMs,
    run: () => deliveries.deliverDue(),
    log,
  });

  /** A rule as the API answers it; its course filter named by title, as the alerts' texts name it. */
  async function toRule(row: AlertRuleRow, role: ConsoleRole): Promise<AlertRule> {
    const condition = AlertCondition.parse(JSON.parse(row.condition));
    const course = 'match' in condition ? condition.match.course : undefined;
    const admin = role === 'admin';
    return {
      id: row.id,
      name: row.name,
      enabled: row.enabled === 1,
      condition,
      description: describeCondition(condition, course ? await nameCourse(course) : null),
      webhookUrl: admin ? row.webhook_url : null,
      hasWebhook: row.webhook_url !== null,
      webhookSecretHint: admin ? secretHint(row.webhook_secret) : null,
      state: row.open_alert_id ? 'firing' : 'ok',
      lastFiredAt: iso(row.last_fired_at),
      lastEvaluatedAt: iso(row.last_evaluated_at),
      lastEvaluatedBy: row.last_evaluated_by,
      version: row.version,
      createdAt: iso(row.created_at)!,
      createdBy: row.created_by,
      updatedAt: iso(row.updated_at)!,
      updatedBy: row.updated_by,
    };
  }

  async function checkWebhookUrl(url: string | null): Promise<void> {
    if (url === null) return;
    const refusal = await deps.addressGuard.checkUrl(url);
    if (refusal)
      throw new ApiError(
        400,
        'bad_request',
        `webhookUrl: refused, ${describeRefusal(refusal)}. An operator can allow it with LECTERN_URL_ALLOWLIST.`,
      );
  }

  const duplicateName = (name: string) =>
    new ApiError(409, 'conflict', `Another alert rule is named “${name}”. Choose another name.`);

  async function alertsWithDeliveries(
    rows: Awaited<ReturnType<AlertsRepository['alerts']>>,
    readMarker: number,
  ): Promise<Alert[]> {
    const deliveryRows = await repo.deliveriesOf(rows.map((row) => row.id));
    const attempts = await repo.attemptsOf(deliveryRows.map((row) => row.id));
    return rows.map((row) => ({
      seq: row.seq,
      id: row.id,
      ruleId: row.rule_id,
      ruleName: row.rule_name,
      text: row.text,
      observed: row.observed,
      firedAt: iso(row.fired_at)!,
      resolvedAt: iso(row.resolved_at),
      acknowledgedAt: iso(row.acknowledged_at),
      acknowledgedBy: row.acknowledged_by,
      unread: row.seq > readMarker,
      deliveries: deliveryRows
        .filter((item) => item.alert_id === row.id)
        .map((item) => ({
          id: item.id,
          host: safeHost(item.url),
          state: item.state,
          nextAttemptAt: item.state === 'retrying' ? iso(item.next_attempt_at) : null,
          attempts: attempts
            .filter((attempt) => attempt.delivery_id === item.id)
            .map((attempt) => ({
              attempt: attempt.attempt,
              at: iso(attempt.at)!,
              statusCode: attempt.status_code,
              error: attempt.error,
              durationMs: attempt.duration_ms,
            })),
        })),
    }));
  }

  return {
    /** Registered by the wiring with the relay: they run on the relay's leader only. */
    duties: [evaluation, delivery] as readonly LeaderDuty[],
    /** For tests and tools: one evaluation and one delivery round now, on this server. */
    async runOnce(): Promise<void> {
      await evaluation.runNow();
      await delivery.runNow();
    },

    async rules(role: ConsoleRole): Promise<AlertRule[]> {
      return Promise.all((await repo.rules()).map((row) => toRule(row, role)));
    },

    async createRule(email: string, input: RuleInput): Promise<SavedAlertRule> {
      await checkWebhookUrl(input.webhookUrl);
      const at = now();
      const secret = input.webhookUrl ? newWebhookSecret() : null;
      const row: AlertRuleRow = {
        id: randomUUID(),
        name: input.name,
        name_key: input.name.toLowerCase(),
        enabled: input.enabled ? 1 : 0,
        condition: JSON.stringify(input.condition),
        webhook_url: input.webhookUrl,
        webhook_secret: secret,
        version: 1,
        created_at: at,
        created_by: email,
        updated_at: at,
        updated_by: email,
        armed_at: at,
        open_alert_id: null,
        last_fired_at: null,
        pending_since: null,
        last_evaluated_at: null,
        last_evaluated_by: null,
      };
      try {
        await repo.insertRule(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(input.name);
        throw error;
      }
      return { rule: await toRule(row, 'admin'), webhookSecret: secret };
    },

    async updateRule(
      email: string,
      id: string,
      input: RuleInput & { version: number; rotateSecret: boolean },
    ): Promise<SavedAlertRule> {
      const current = await repo.rule(id);
      if (!current) throw new ApiError(404, 'not_found', NO_RULE);
      await checkWebhookUrl(input.webhookUrl);
      const newSecret =
        input.webhookUrl !== null &&
        (input.rotateSecret || input.webhookUrl !== current.webhook_url || !current.webhook_secret)
          ? newWebhookSecret()
          : null;
      const conditionChanged = JSON.stringify(input.condition) !== current.condition;
      const at = now();
      let applied: boolean;
      try {
        applied = await repo.updateRule(id, input.version, {
          name: input.name,
          name_key: input.name.toLowerCase(),
          enabled: input.enabled ? 1 : 0,
          condition: JSON.stringify(input.condition),
          webhook_url: input.webhookUrl,
          webhook_secret: input.webhookUrl === null ? null : (newSecret ?? current.webhook_secret),
          updated_at: at,
          updated_by: email,
          // A new condition starts afresh: its silence counts from now, a failing streak anew.
          ...(conditionChanged || (input.enabled && current.enabled === 0)
            ? { armed_at: at, pending_since: null }
            : {}),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(input.name);
        throw error;
      }
      if (!applied) {
        const latest = await repo.rule(id);
        if (!latest) throw new ApiError(404, 'not_found', NO_RULE);
        throw new ApiError(
          409,
          'conflict',
          `“${latest.name}” was changed by ${latest.updated_by} at ${iso(latest.updated_at)}, after you loaded it. Reload the rules and try again.`,
        );
      }
      if (conditionChanged && current.open_alert_id)
        await repo.resolve(id, current.open_alert_id, at);
      return { rule: await toRule((await repo.rule(id))!, 'admin'), webhookSecret: newSecret };
    },

    async deleteRule(id: string): Promise<void> {
      if (!(await repo.deleteRule(id))) throw new ApiError(404, 'not_found', NO_RULE);
    },

    async ruleName(id: string): Promise<string> {
      return (await repo.rule(id))?.name ?? id;
    },

    async alerts(
      email: string,
      query: { rule?: string; open?: boolean; cursor?: number; limit: number },
    ): Promise<AlertPage> {
      const rows = await repo.alerts(
        { ruleId: query.rule, open: query.open },
        query.cursor,
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      const hasMore = rows.length > query.limit;
      return {
        alerts: await alertsWithDeliveries(page, await repo.readMarker(email)),
        pageInfo: hasMore ? { hasMore, cursor: encodeCursor(page.at(-1)!.seq) } : { hasMore },
      };
    },

    summary: (email: string): Promise<AlertSummary> => repo.summary(email),

    async markRead(email: string, upTo: number): Promise<AlertSummary> {
      await repo.markRead(email, upTo);
      return repo.summary(email);
    },

    async acknowledge(email: string, id: string): Promise<Alert> {
      if (!(await repo.alert(id))) throw new ApiError(404, 'not_found', 'No alert with this id.');
      await repo.acknowledge(id, email, now());
      const [alert] = await alertsWithDeliveries(
        [(await repo.alert(id))!],
        await repo.readMarker(email),
      );
      return alert!;
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
