// Webhook deliveries of alerts against a local receiver: Standard Webhooks signatures (checked with the
// reference library), the same webhook-id on every retry, exponential backoff with jitter between
// attempts, a receiver that fails and recovers, one that never answers, the delivery log with its
// status codes, and the signing secret: shown once, never listed, never logged.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeQuizAttempts } from './helpers/alert-events.ts';
import { within } from './helpers/cluster.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';

interface Delivery {
  id: string;
  host: string;
  state: string;
  attempts: { attempt: number; at: string; statusCode: number | null; error: string | null }[];
}

describe('alert webhooks', () => {
  let h: Harness;
  let admin: string;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    h = await startHarness({
      env: { LECTERN_URL_ALLOWLIST: '127.0.0.1' },
      configure: (config) =>
        Object.assign(config.alerts, {
          attempts: 4,
          timeoutMs: 2000,
          backoffBaseMs: 200,
          backoffCapMs: 800,
        }),
    });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
    await receiver.close();
  });

  /** Runs the leader's duties until the rule's first alert has a delivery in `state`. */
  async function deliveryOf(ruleId: string, state: string): Promise<Delivery> {
    let delivery: Delivery | undefined;
    await within(
      async () => {
        await h.server.deps.alerts.runOnce();
        const response = await h.http.get(`/api/alerts?rule=${ruleId}`, { cookie: admin });
        delivery = response.body.alerts[0]?.deliveries[0];
        return delivery?.state === state;
      },
      10_000,
      `a delivery ${state}`,
      25,
    );
    return delivery!;
  }

  const createRule = async (name: string, webhookUrl: string, match: { course?: string } = {}) => {
    const response = await h.http.post('/api/alerts/rules', {
      cookie: admin,
      body: {
        name,
        webhookUrl,
        condition: { type: 'burst', kind: 'quizAttempt', threshold: 2, windowMinutes: 10, match },
      },
    });
    expect(response.status).toBe(201);
    return response.body as {
      rule: { id: string; webhookSecretHint: string };
      webhookSecret: string;
    };
  };

  it('signs every attempt, keeps its id across retries, backs off, and delivers once the receiver recovers', async () => {
    // The Slack text names the rule's course by its title (alert-names.ts).
    const created = await h.sandbox.api('POST', '/content/course/create', {
      courseAttributes: [{ title: 'Forklift refresher', kind: 'courseGroup', sections: [] }],
    });
    expect(created.status).toBe(200);
    const course = { id: created.body.courseIds[0] as string, title: 'Forklift refresher' };
    const { rule, webhookSecret } = await createRule('Quiz burst', receiver.url, {
      course: course.id,
    });
    expect(webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rule.webhookSecretHint).toBe(`…${webhookSecret.slice(-4)}`);
    receiver.failNext(2, 503);
    await storeQuizAttempts(h.server.relayRepository, 3, Date.now(), false, course);

    const delivery = await deliveryOf(rule.id, 'delivered');
    expect(receiver.received).toHaveLength(3);
    expect(delivery.host).toBe(new URL(receiver.url).host);
    expect(
      delivery.attempts.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.error]),
    ).toEqual([
      [1, 503, 'answered 503'],
      [2, 503, 'answered 503'],
      [3, 200, null],
    ]);
    // Equal jitter: at least half of each exponential step (200 ms, then 400 ms) between attempts.
    const times = receiver.received.map((request) => request.at);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(100);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(200);

    const webhook = new Webhook(webhookSecret);
    for (const request of receiver.received) {
      expect(request.headers['webhook-id']).toBe(delivery.id);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      // Throws unless the signature over id.timestamp.body is right and the timestamp recent.
      webhook.verify(request.body, request.headers as Record<string, string>);
    }
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(
        receiver.received[0]!.body,
        receiver.received[0]!.headers as Record<string, string>,
      ),
    ).toThrow();

    const body = JSON.parse(receiver.received[2]!.body);
    const [alert] = (await h.http.get(`/api/alerts?rule=${rule.id}`, { cookie: admin })).body
      .alerts;
    expect(body).toEqual({
      type: 'alert.fired',
      timestamp: alert.firedAt,
      text: 'Lectern alert “Quiz burst”: 3 quiz attempts (in course “Forklift refresher”) within 10 minutes, more than 2.',
      data: {
        alertId: alert.id,
        ruleId: rule.id,
        ruleName: 'Quiz burst',
        observed: 3,
        firedAt: alert.firedAt,
        url: null,
      },
    });

    // The secret was answered once: never listed, never logged.
    const listed = await h.http.get('/api/alerts/rules', { cookie: admin });
    expect(listed.text).not.toContain(webhookSecret);
    expect(listed.text).not.toContain(webhookSecret.slice(6, 30));
    expect(h.logs.join('\n')).not.toContain(webhookSecret.slice(6, 30));
    expect(h.logs.join('\n')).not.toContain(new URL(receiver.url).pathname);
  });

  it('gives up after the last attempt, logging why each failed', async () => {
    const closed = await startWebhookReceiver();
    const url = closed.url;
    await closed.close();
    const { rule } = await createRule('Nobody listens', url);
    const delivery = await deliveryOf(rule.id, 'failed');
    expect(delivery.attempts.map((attempt) => [attempt.statusCode, attempt.error])).toEqual([
      [null, 'connection refused'],
      [null, 'connection refused'],
      [null, 'connection refused'],
      [null, 'connection refused'],
    ]);
  });

  it('signs with a new secret once rotated, and refuses the old one', async () => {
    const { rule, webhookSecret: old } = await createRule('Rotated', receiver.url);
    const rotated = await h.http.put(`/api/alerts/rules/${rule.id}`, {
      cookie: admin,
      body: {
        name: 'Rotated',
        webhookUrl: receiver.url,
        condition: { type: 'burst', kind: 'quizAttempt', threshold: 2, windowMinutes: 10 },
        version: 1,
        rotateSecret: true,
      },
    });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.webhookSecret as string;
    expect(fresh).not.toBe(old);
    const before = receiver.received.length;
    const delivery = await deliveryOf(rule.id, 'delivered');
    const request = receiver.received
      .slice(before)
      .find((item) => item.headers['webhook-id'] === delivery.id)!;
    new Webhook(fresh).verify(request.body, request.headers as Record<string, string>);
    expect(() =>
      new Webhook(old).verify(request.body, request.headers as Record<string, string>),
    ).toThrow();
  });
});
