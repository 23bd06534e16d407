import { describe, expect, it } from 'vitest';
import { retryDelay, webhookBody } from './webhook-deliveries.ts';

describe('retryDelay', () => {
  const policy = { backoffBaseMs: 1000, backoffCapMs: 10_000 };

  it('doubles per attempt, keeps at least half of each step, and stops at the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, policy, () => 0))).toEqual([
      500, 1000, 2000, 4000, 5000,
    ]);
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, policy, () => 0.999999))).toEqual([
      1000, 2000, 4000, 8000, 10_000,
    ]);
  });
});

describe('webhookBody', () => {
  it('carries a Slack text with a link to the alerts page when the console has a public origin', () => {
    const alert = {
      seq: 4,
      id: 'a1',
      rule_id: 'r1',
      rule_name: 'Quiz burst',
      text: '“Quiz burst”: 3 quiz attempts within 10 minutes, more than 2.',
      observed: 3,
      fired_at: Date.UTC(2026, 10, 25, 9, 30),
      resolved_at: null,
      acknowledged_at: null,
      acknowledged_by: null,
    };
    expect(JSON.parse(webhookBody(alert, 'https://console.lectern.test'))).toEqual({
      type: 'alert.fired',
      timestamp: '2026-11-25T09:30:00.000Z',
      text: 'Lectern alert “Quiz burst”: 3 quiz attempts within 10 minutes, more than 2. <https://console.lectern.test/alerts|Open the alerts>',
      data: {
        alertId: 'a1',
        ruleId: 'r1',
        ruleName: 'Quiz burst',
        observed: 3,
        firedAt: '2026-11-25T09:30:00.000Z',
        url: 'https://console.lectern.test/alerts',
      },
    });
  });
});
