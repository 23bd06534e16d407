// Standard Webhooks (standardwebhooks.com) signing: a secret is `whsec_` + base64 of 32 random bytes;
// each attempt is signed over `${webhook-id}.${webhook-timestamp}.${body}` with HMAC-SHA256 keyed by the
// secret's decoded bytes, sent as `webhook-signature: v1,<base64>`. The id stays the same on every retry
// (receivers drop duplicates by it); the timestamp is the attempt's, in seconds.
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

export function signatureOf(secret: string, id: string, timestampS: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret,
    'base64',
  );
  const digest = createHmac('sha256', key).update(`${id}.${timestampS}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/** The three Standard Webhooks headers of one attempt. */
export function webhookHeaders(
  secret: string,
  id: string,
  timestampS: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': signatureOf(secret, id, timestampS, body),
  };
}

/** What admins see of a secret: its last four characters. */
export const secretHint = (secret: string | null): string | null =>
  secret === null ? null : `…${secret.slice(-4)}`;
