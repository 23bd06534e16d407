// One webhook attempt: a signed JSON POST through the address guard's dispatcher (the check runs on the
// very address connected to, so a name that resolves inside, now or a second later, is refused), within
// a time limit, no redirects followed. Answers are read and dropped. Never logs the URL's path or query
// (a Slack webhook URL is a secret itself) nor the signing secret.
import type { Dispatcher } from 'undici';
import { request } from 'undici';
import { AddressRefusedError, describeRefusal } from '../net/address-guard.ts';
import { webhookHeaders } from './webhook-signing.ts';

export interface AttemptResult {
  statusCode: number | null;
  /** Why it failed, in words; null for a 2xx. */
  error: string | null;
  durationMs: number;
}

export interface WebhookMessage {
  url: string;
  id: string;
  secret: string;
  body: string;
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof AddressRefusedError)
    return `refused: the URL ${describeRefusal(error.refusal)}`;
  const cause = (error as { cause?: unknown })?.cause ?? error;
  if (cause instanceof AddressRefusedError)
    return `refused: the URL ${describeRefusal(cause.refusal)}`;
  const code = (cause as { code?: string })?.code ?? (error as { code?: string })?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
      return 'the host name does not resolve';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed before an answer';
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ABORT_ERR':
      return `no answer within ${Math.round(timeoutMs / 1000)} s`;
    default:
      return (error as Error)?.name === 'AbortError' || (error as Error)?.name === 'TimeoutError'
        ? `no answer within ${Math.round(timeoutMs / 1000)} s`
        : `the request failed (${code ?? (error as Error)?.message ?? 'unknown error'})`;
  }
}

export function createWebhookSender(options: {
  dispatcher: Dispatcher;
  timeoutMs: number;
  now: () => number;
}) {
  const { dispatcher, timeoutMs } = options;
  return async function send(message: WebhookMessage): Promise<AttemptResult> {
    const started = performance.now();
    const timestampS = Math.floor(options.now() / 1000);
    try {
      const response = await request(message.url, {
        method: 'POST',
        dispatcher,
        body: message.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Lectern-Alerts/1',
          ...webhookHeaders(message.secret, message.id, timestampS, message.body),
        },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return {
        statusCode: response.statusCode,
        error: ok ? null : `answered ${response.statusCode}`,
        durationMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      return {
        statusCode: null,
        error: describeError(error, timeoutMs),
        durationMs: Math.round(performance.now() - started),
      };
    }
  };
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;
