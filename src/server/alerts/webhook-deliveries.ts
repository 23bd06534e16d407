// The relay leader's webhook deliveries: every due delivery is claimed (attempt counted, next time pushed
// past the attempt's time limit), sent, and settled with its attempt logged: `delivered` on a 2xx,
// otherwise `retrying` after exponential backoff with jitter, or `failed` after the last attempt. A
// leader killed mid-attempt leaves the delivery due again once the claim runs out: the next leader
// sends it again, with the same `webhook-id`, so a receiver that already had it can drop the repeat.
import type { Logger } from 'pino';
import type { AlertRow, AlertsRepository, DeliveryRow } from '../storage/alerts-repository.ts';
import type { WebhookSender } from './webhook-sender.ts';

export interface DeliveryPolicy {
  attempts: number;
  timeoutMs: number;
  backoffBaseMs: number;
  backoffCapMs: number;
}

/**
 * The wait after failed attempt `attempt` (1-based): base * 2^(attempt-1), capped, of which a random
 * half is taken off ("equal jitter"): retries of many deliveries spread out, yet each waits at least
 * half of its exponential step, so a receiver that is down gets growing gaps.
 */
export function retryDelay(
  attempt: number,
  policy: Pick<DeliveryPolicy, 'backoffBaseMs' | 'backoffCapMs'>,
  random: () => number,
): number {
  const step = Math.min(policy.backoffCapMs, policy.backoffBaseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(step / 2 + random() * (step / 2));
}

/** The JSON a webhook receives: Standard Webhooks' `type`/`timestamp`/`data`, and Slack's `text`. */
export function webhookBody(alert: AlertRow, consoleOrigin: string | null): string {
  const link = consoleOrigin ? `${consoleOrigin}/alerts` : null;
  return JSON.stringify({
    type: 'alert.fired',
    timestamp: new Date(alert.fired_at).toISOString(),
    text: `Lectern alert ${alert.text}${link ? ` <${link}|Open the alerts>` : ''}`,
    data: {
      alertId: alert.id,
      ruleId: alert.rule_id,
      ruleName: alert.rule_name,
      observed: alert.observed,
      firedAt: new Date(alert.fired_at).toISOString(),
      url: link,
    },
  });
}

export function createWebhookDeliveries(deps: {
  repo: AlertsRepository;
  send: WebhookSender;
  policy: DeliveryPolicy;
  now: () => number;
  random: () => number;
  log: Logger;
  consoleOrigin: string | null;
}) {
  const { repo, policy, log } = deps;

  async function attempt(delivery: DeliveryRow): Promise<void> {
    const claimedAt = deps.now();
    if (!(await repo.claim(delivery, claimedAt + policy.timeoutMs + 5_000))) return;
    const number = delivery.attempts + 1;
    const [alert, secret] = await Promise.all([
      repo.alert(delivery.alert_id),
      repo.secretOf(delivery.rule_id),
    ]);
    const result =
      alert && secret
        ? await deps.send({
            url: delivery.url,
            id: delivery.id,
            secret,
            body: webhookBody(alert, deps.consoleOrigin),
          })
        : { statusCode: null, error: 'the rule was deleted; not sent', durationMs: 0 };
    const last = number >= policy.attempts || !alert || !secret;
    const state = result.error === null ? 'delivered' : last ? 'failed' : 'retrying';
    await repo.settle(
      {
        delivery_id: delivery.id,
        attempt: number,
        at: claimedAt,
        status_code: result.statusCode,
        error: result.error,
        duration_ms: result.durationMs,
      },
      {
        state,
        nextAttemptAt:
          state === 'retrying' ? deps.now() + retryDelay(number, policy, deps.random) : null,
      },
    );
    const host = safeHost(delivery.url);
    if (state === 'failed')
      log.warn({ delivery: delivery.id, host, attempts: number }, 'webhook delivery failed');
    else if (state === 'retrying')
      log.info(
        { delivery: delivery.id, host, attempt: number, error: result.error },
        'webhook attempt failed; will retry',
      );
  }

  return {
    /** Sends every delivery due now, a few at a time. */
    async deliverDue(): Promise<void> {
      for (;;) {
        const due = await repo.due(deps.now(), 8);
        if (due.length === 0) return;
        await Promise.all(due.map((delivery) => attempt(delivery)));
        if (due.length < 8) return;
      }
    },
  };
}

export function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(not a URL)';
  }
}
