// Alerts: an admin writes a rule with a webhook in the form and keeps its signing secret; learners'
// quiz attempts make it fire (evaluated by the worker server's relay leader every second); the webhook
// arrives signed with that secret and the delivery log shows its status; support sees the bell's
// count, opens it and acknowledges; content managers have neither bell nor page.
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import type { Alert, AlertRule } from '#contract/console/alerts.ts';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/server/helpers/webhook-receiver.ts';
import { colleaguePage, guideShot } from '../support/colleagues.ts';
import { DEMO_ACCOUNTS, workerPorts } from '../support/env.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, PHONE } from '../support/layout.ts';

let receiver: WebhookReceiver;

// eslint-disable-next-line no-empty-pattern -- Playwright hands the worker info second, after fixtures.
test.beforeAll(async ({}, workerInfo) => {
  receiver = await startWebhookReceiver(
    '/hooks/lectern',
    workerPorts(workerInfo.parallelIndex).alertWebhook,
  );
});
test.afterAll(async () => {
  await receiver.close();
});

test('a rule with a webhook fires on quiz attempts: signed delivery, delivery log, the bell, acknowledgement', async ({
  page,
  browser,
  baseURL,
  signInAs,
  sandbox,
  csrfHeaders,
}) => {
  test.setTimeout(90_000);
  // Unique per run (--repeat-each); the guides' pictures come from a fresh server and read better plain.
  const name = process.env.LECTERN_SCREENSHOTS ? 'Quiz burst' : `Quiz burst ${Date.now()}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs('admin');
  await page.goto('/alerts');
  await page.getByRole('button', { name: 'New rule' }).click();
  const form = page.getByRole('dialog', { name: 'New alert rule' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Condition').selectOption({ label: 'More than N events within a window' });
  await form.getByLabel('Event kind').selectOption({ label: 'Quiz attempt' });
  await form.getByLabel('More than (events)').fill('2');
  await form.getByLabel('Within (minutes)').fill('5');
  await form.getByLabel('Webhook URL (optional)').fill(receiver.url);
  await expect(form).toContainText('More than 2 quiz attempts within 5 minutes');
  await expectNoSeriousA11yViolations(page, 'rule form');
  await guideShot(page, 'alert-rule-form');
  await form.getByRole('button', { name: 'Create rule' }).click();

  // The signing secret is shown once.
  await expect(form).toContainText('Copy the signing secret now: it is not shown again.');
  const secret = await form.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await form.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('rule-row').filter({ hasText: name });
  await expect(row).toContainText('More than 2 quiz attempts within 5 minutes');
  await expect(row).toContainText('webhook');

  // Learners take quizzes; the relay stores them; the leader's next evaluation fires the rule.
  const produced = await sandbox.request('POST', '/sandbox/activity', {
    count: 5,
    kinds: ['quizAttempt'],
  });
  expect(produced.status).toBe(200);
  await expect
    .poll(() => receiver.received.length, { timeout: 20_000, message: 'the webhook arrives' })
    .toBeGreaterThanOrEqual(1);
  const delivery = receiver.received[0]!;
  const payload = new Webhook(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  }) as { type: string; text: string; data: { ruleName: string } };
  expect(payload.type).toBe('alert.fired');
  expect(payload.data.ruleName).toBe(name);
  expect(payload.text).toMatch(
    new RegExp(`^Lectern alert “${name}”: \\d+ quiz attempts within 5 minutes, more than 2\\.`),
  );

  await page.reload();
  await expect(row.getByText('Firing')).toBeVisible();
  const item = page.getByTestId('alert-item').filter({ hasText: `“${name}”` });
  await expect(item).toHaveCount(1);
  await item.getByText(/Webhook to 127\.0\.0\.1/).click();
  await expect(item.locator('.delivery__attempts')).toContainText(/: status 200 · \d+ ms/);
  await expect(item).toContainText('Delivered');

  // Support, in another browser: the bell counts it, opening it marks it read, acknowledging is shared.
  const support = await colleaguePage(browser, { baseURL: baseURL!, role: 'support', csrfHeaders });
  await support.setViewportSize({ width: 1440, height: 900 });
  await support.goto('/events');
  const bell = support.getByTestId('alert-bell');
  await expect(bell).toHaveAttribute('aria-label', /^Alerts: \d+ unread$/);
  await bell.click();
  const panel = support.getByRole('dialog', { name: 'Alerts' });
  const supportItem = panel.getByTestId('alert-item').filter({ hasText: `“${name}”` });
  await expect(supportItem).toContainText('New');
  await expectNoSeriousA11yViolations(support, 'alerts bell');
  await expect(bell).toHaveAttribute('aria-label', 'Alerts: none unread');
  await supportItem.getByRole('button', { name: /^Acknowledge/ }).click();
  await expect(supportItem).toContainText(`acknowledged by ${DEMO_ACCOUNTS.support.email}`);
  await support.keyboard.press('Escape');
  await support.goto('/alerts');
  await expect(support.getByRole('button', { name: 'New rule' })).toHaveCount(0);
  await expect(
    support.getByText('Admins create and change rules; you can acknowledge alerts.'),
  ).toBeVisible();
  await expect(support.getByTestId('rule-row').filter({ hasText: name })).toContainText('Firing');
  await expectFitsPhoneAt(support);

  await page.reload();
  await expect(item).toContainText(`acknowledged by ${DEMO_ACCOUNTS.support.email}`);
  await item.getByText(/Webhook to 127\.0\.0\.1/).click();
  await expectNoSeriousA11yViolations(page, 'alerts page');
  await guideShot(page, 'alerts-page');
  await support.context().close();

  const rules = (await (await page.request.get('/api/alerts/rules')).json()) as {
    rules: AlertRule[];
  };
  const rule = rules.rules.find((candidate) => candidate.name === name)!;
  expect(rule.lastEvaluatedBy).not.toBeNull();
  const removed = await page.request.delete(`/api/alerts/rules/${rule.id}`, {
    headers: csrfHeaders,
  });
  expect(removed.status()).toBe(204);
  const alerts = (await (await page.request.get('/api/alerts')).json()) as { alerts: Alert[] };
  expect(alerts.alerts.filter((alert) => alert.ruleName === name)).toHaveLength(1);
});

async function expectFitsPhoneAt(page: Page): Promise<void> {
  await expectFitsPhone(page, 'alerts-page');
  if (!process.env.LECTERN_SCREENSHOTS) return;
  await page.setViewportSize(PHONE);
  await guideShot(page, 'phone-alerts');
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('content managers have no bell, and the alerts page tells them whom to ask', async ({
  page,
  signInAs,
}) => {
  await signInAs('contentManager');
  await page.goto('/alerts');
  await expect(page.getByText('Not allowed: alerts are for admins and support')).toBeVisible();
  await expect(page.getByTestId('alert-bell')).toHaveCount(0);
  const answer = await page.request.get('/api/alerts/summary');
  expect(answer.status()).toBe(403);
});
