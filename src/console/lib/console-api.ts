// Calls the console server's own API through its contract endpoints (src/contract/console): the URL
// from the endpoint's path template, its method, and the answer parsed with its response schema. A
// feature's data module passes the endpoint and the input; nothing about the server's routes is
// written twice.
import type { z } from '#contract/zod.ts';
import {
  fillPath,
  isRedirect,
  isStream,
  type ConsoleEndpoint,
  type ResponseOutput,
} from '#contract/console/endpoint.ts';
import { apiClient } from './api.ts';
import { queryString, type QueryValue } from './api-client.ts';

type Keys<S> = S extends z.ZodMiniObject ? keyof z.input<S> & string : never;

export interface ConsoleCall<E extends ConsoleEndpoint> {
  params?: Record<Keys<E['params']>, string>;
  query?: Partial<Record<Keys<E['query']>, QueryValue>>;
  body?: E['body'] extends z.ZodMiniType ? z.input<E['body']> : never;
  signal?: AbortSignal;
  /** Do not fire the 401 / no-access hooks (the session probe handles those answers itself). */
  quiet?: boolean;
  /** Wait out 429s and send again (default). */
  retryThrottled?: boolean;
  /** Sent even if the page is being left (a tab saying it closes). */
  keepalive?: boolean;
}

/** The URL of an endpoint: a stream for EventSource, a download for a link. */
export function consoleUrl<E extends ConsoleEndpoint>(
  endpoint: E,
  call: Pick<ConsoleCall<E>, 'params' | 'query'> = {},
): string {
  return `${fillPath(endpoint.path, call.params)}${queryString(call.query)}`;
}

export function callConsole<E extends ConsoleEndpoint>(
  endpoint: E,
  call: ConsoleCall<E> = {},
): Promise<ResponseOutput<E>> {
  const { response } = endpoint;
  if (response !== null && isStream(response))
    throw new Error(`${endpoint.operationId} answers a stream: open consoleUrl() instead`);
  if (response !== null && isRedirect(response))
    throw new Error(`${endpoint.operationId} is a navigation: link to consoleUrl() instead`);
  return apiClient.request(fillPath(endpoint.path, call.params), {
    method: endpoint.method,
    query: call.query,
    body: call.body,
    schema: response,
    signal: call.signal,
    quiet: call.quiet,
    retryThrottled: call.retryThrottled,
    keepalive: call.keepalive,
  }) as Promise<ResponseOutput<E>>;
}
