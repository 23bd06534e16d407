// The relay leader's evaluation of every enabled rule (Grafana's model, field notes): a rule fires when
// its condition starts to hold, stays firing while it holds (one notification per firing, not per
// evaluation), resolves when it stops holding, and fires at most once per window of W minutes (a
// flapping condition notifies once per window). Firing is claimed in the database
// (AlertsRepository.fire), so even two evaluators at once, or one that restarts mid-run, fire a rule once.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AlertCondition } from '#contract/console/alerts.ts';
import type { AlertRow, AlertRuleRow, AlertsRepository } from '../storage/alerts-repository.ts';
import { evaluateCondition } from './alert-conditions.ts';
import type { CourseWords } from './alert-names.ts';

export interface EvaluatorDeps {
  repo: AlertsRepository;
  now: () => number;
  /** This server's name, noted on every rule it evaluates. */
  serverName: string;
  log: Logger;
  /** The words for a rule's course filter in an alert's text (its title). */
  courseWords: CourseWords;
  /** Called with every alert this evaluator fired (after it is stored). */
  onFired?: (alert: AlertRow) => void;
}

export function createAlertEvaluator(deps: EvaluatorDeps) {
  const { repo, log } = deps;

  async function evaluateRule(rule: AlertRuleRow, now: number): Promise<void> {
    const parsed = AlertCondition.safeParse(JSON.parse(rule.condition));
    if (!parsed.success) {
      log.error({ rule: rule.id }, 'alert rule has a condition this server does not understand');
      return;
    }
    const condition = parsed.data;
    if (!rule.enabled) {
      if (rule.open_alert_id) await repo.resolve(rule.id, rule.open_alert_id, now);
      return;
    }
    const evaluation = await evaluateCondition(condition, rule, repo, now);
    if (!evaluation.holds) {
      if (rule.open_alert_id) await repo.resolve(rule.id, rule.open_alert_id, now);
      await repo.noteEvaluated(rule.id, now, deps.serverName, evaluation.pendingSince);
      return;
    }
    await repo.noteEvaluated(rule.id, now, deps.serverName, evaluation.pendingSince);
    if (rule.open_alert_id) return;
    const windowMs = condition.windowMinutes * 60_000;
    if (rule.last_fired_at !== null && now - rule.last_fired_at < windowMs) return;
    const course = 'match' in condition ? condition.match.course : undefined;
    const words = course === undefined ? null : await deps.courseWords(course);
    const alertId = randomUUID();
    const fired = await repo.fire(rule.id, {
      windowMs,
      alert: {
        id: alertId,
        rule_id: rule.id,
        rule_name: rule.name,
        text: `“${rule.name}”: ${evaluation.text(words)}`,
        observed: evaluation.observed,
        fired_at: now,
        resolved_at: null,
        acknowledged_at: null,
        acknowledged_by: null,
      },
      delivery: rule.webhook_url
        ? {
            id: `msg_${randomUUID().replaceAll('-', '')}`,
            alert_id: alertId,
            rule_id: rule.id,
            url: rule.webhook_url,
            state: 'pending',
            attempts: 0,
            next_attempt_at: now,
            created_at: now,
          }
        : null,
    });
    if (fired) {
      log.info({ rule: rule.id, alert: fired.id, observed: fired.observed }, 'alert fired');
      deps.onFired?.(fired);
    }
  }

  return {
    /** Evaluates every rule once; a rule that fails to evaluate is logged and the others go on. */
    async evaluateAll(): Promise<void> {
      const now = deps.now();
      for (const rule of await repo.rules()) {
        try {
          await evaluateRule(rule, now);
        } catch (error) {
          log.error({ err: error, rule: rule.id }, 'alert rule evaluation failed');
        }
      }
    },
  };
}
export type AlertEvaluator = ReturnType<typeof createAlertEvaluator>;
