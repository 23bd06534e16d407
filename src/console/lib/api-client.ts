// The one HTTP client of the console. It speaks to the console server (`/api/...`), parses every success
// body with a schema, and maps failures to ApiError. UI reactions (redirect to sign-in, throttle
// notice) are not done here: they are hooks that main.tsx wires to the router and the throttle store.
import type { z } from '#contract/zod.ts';
import { formatZodIssues } from '#contract/format-issues.ts';
import { ApiError, type ApiErrorKind } from './api-error.ts';
import { retryAfterMs } from './retry-after.ts';

export const CSRF_HEADER = 'X-Lectern-Csrf';
/** Set by the console server on every answer it passes through from the learning instance. */
export const SOURCE_HEADER = 'X-Lectern-Source';
export const UPSTREAM_KEY_REFUSED =
  "The learning instance refused the console's API key (HTTP 401). Ask an operator to check the console server's configuration.";

export type QueryValue = string | number | boolean | undefined | readonly string[];

export interface ThrottleNotice {
  id: number;
  url: string;
  /** Epoch ms at which the request is sent again. */
  retryAt: number;
}

export interface ApiClientHooks {
  onUnauthenticated?(): void;
  onNoAccess?(): void;
  onThrottleStart?(notice: ThrottleNotice): void;
  onThrottleEnd?(id: number): void;
}

export interface RequestOptions<S extends z.ZodMiniType | null> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** An XML document sent as `text/xml` instead of a JSON body (the translation upload). */
  xml?: string;
  signal?: AbortSignal | undefined;
  /** Schema of the success body; null when the success body is empty. */
  schema: S;
  /** `text`: the success body is given to the schema as it came (the XLIFF download). */
  responseAs?: 'json' | 'text';
  /** Do not fire the 401 / no-access hooks (the session probe handles those answers itself). */
  quiet?: boolean;
  /** Wait out 429s and send again (default). Sign-in turns this off: its lockout lasts minutes. */
  retryThrottled?: boolean;
  /** Sent even if the page is being left (fetch's `keepalive`): a tab saying it closes. */
  keepalive?: boolean;
}

export type Parsed<S extends z.ZodMiniType | null> = S extends z.ZodMiniType
  ? z.output<S>
  : undefined;

export interface ApiClientConfig {
  fetch?: typeof fetch;
  /** Prefix for relative URLs; empty in the browser (same origin). */
  origin?: string;
  /** How many times a 429 is waited out before giving up. */
  maxThrottleWaits?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

export interface ApiClient {
  request<S extends z.ZodMiniType | null>(
    url: string,
    options: RequestOptions<S>,
  ): Promise<Parsed<S>>;
  setHooks(hooks: ApiClientHooks): void;
}

const STATUS_TEXT: Record<number, string> = {
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const origin = config.origin ?? '';
  const maxThrottleWaits = config.maxThrottleWaits ?? 5;
  const sleep = config.sleep ?? abortableSleep;
  const now = config.now ?? Date.now;
  let hooks: ApiClientHooks = {};
  let throttleSeq = 0;

  async function send(
    url: string,
    options: RequestOptions<z.ZodMiniType | null>,
  ): Promise<Response> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: string | undefined;
    if (method !== 'GET') headers[CSRF_HEADER] = '1';
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    } else if (options.xml !== undefined) {
      headers['content-type'] = 'text/xml';
      body = options.xml;
    }
    if (options.responseAs === 'text') headers.accept = 'text/xml, text/plain, application/json';
    try {
      return await doFetch(`${origin}${url}${queryString(options.query)}`, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
        ...(options.keepalive && { keepalive: true }),
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError('unavailable', null, [
        'The console server could not be reached. Check your connection and try again.',
      ]);
    }
  }

  async function request<S extends z.ZodMiniType | null>(
    url: string,
    options: RequestOptions<S>,
  ): Promise<Parsed<S>> {
    for (let waits = 0; ; waits++) {
      const response = await send(url, options);
      if (response.status !== 429) return handle(response, options);
      const waitMs = retryAfterMs(response.headers.get('retry-after'), now());
      if (options.retryThrottled === false || waits >= maxThrottleWaits) {
        const { messages } = await readError(response);
        throw new ApiError(
          'throttled',
          429,
          messages.length > 0
            ? messages
            : [`Too many requests; try again in ${Math.ceil(waitMs / 1000)} s.`],
        );
      }
      await response.body?.cancel().catch(() => undefined);
      // 429 means the request was not processed, so sending it again is safe for every method.
      const id = ++throttleSeq;
      hooks.onThrottleStart?.({ id, url, retryAt: now() + waitMs });
      try {
        await sleep(waitMs, options.signal ?? undefined);
      } finally {
        hooks.onThrottleEnd?.(id);
      }
    }
  }

  async function handle<S extends z.ZodMiniType | null>(
    response: Response,
    options: RequestOptions<S>,
  ): Promise<Parsed<S>> {
    if (response.ok) return parseSuccess(response, options.schema, options.responseAs);
    const { messages, code } = await readError(response);
    // An upstream 401 means the instance refused the console's API key: an operator problem. The
    // user's session is fine, so it must not send them to sign-in.
    if (response.status === 401 && response.headers.get(SOURCE_HEADER) === 'upstream') {
      throw new ApiError('server', 401, [UPSTREAM_KEY_REFUSED]);
    }
    const kind = kindOf(response.status, code);
    if (kind === 'unauthenticated' && !options.quiet) hooks.onUnauthenticated?.();
    if (kind === 'no-access' && !options.quiet) hooks.onNoAccess?.();
    throw new ApiError(kind, response.status, withDefault(kind, response.status, messages));
  }

  return {
    request,
    setHooks(next) {
      hooks = next;
    },
  };
}

async function parseSuccess<S extends z.ZodMiniType | null>(
  response: Response,
  schema: S,
  responseAs: 'json' | 'text' = 'json',
): Promise<Parsed<S>> {
  const text = await response.text();
  if (schema === null) return undefined as Parsed<S>;
  let json: unknown = text;
  if (responseAs === 'json') {
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ApiError('contract', response.status, [
        'The server answered with a body that is not JSON.',
      ]);
    }
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issues = formatZodIssues(result.error).slice(0, 3);
    throw new ApiError('contract', response.status, [
      `The server's answer does not match the Content API contract: ${issues.join('; ')}`,
    ]);
  }
  return result.data as Parsed<S>;
}

export interface ErrorBody {
  messages: string[];
  /** The console server's error code (`{ error, message }`), when it answered itself. */
  code: string | null;
}

/**
 * Both 400 shapes of spec 7.2 (plain text, or JSON `{ errors: [...] }`; never assume JSON) and the
 * console server's own `{ error, message }`.
 */
export async function readError(response: Response): Promise<ErrorBody> {
  const text = (await response.text().catch(() => '')).trim();
  if (text === '') return { messages: [], code: null };
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json === 'string') return { messages: [json], code: null };
    if (json && typeof json === 'object') {
      const record = json as Record<string, unknown>;
      const code = typeof record.error === 'string' ? record.error : null;
      if (Array.isArray(record.errors)) return { messages: record.errors.map(String), code };
      if (typeof record.message === 'string') return { messages: [record.message], code };
      if (code) return { messages: [code], code };
    }
  } catch {
    // Not JSON: the plain-text body is the message.
  }
  return { messages: [text], code: null };
}

function kindOf(status: number, code: string | null): ApiErrorKind {
  if (status === 400) return 'validation';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return code === 'no_access' ? 'no-access' : 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  return 'server';
}

function withDefault(kind: ApiErrorKind, status: number, messages: string[]): string[] {
  if (messages.length > 0) return messages;
  if (kind === 'no-access') return ['Your account has no access to this console.'];
  if (kind === 'unauthenticated') return ['Your session has ended. Sign in again.'];
  if (kind === 'unavailable') {
    const label = STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : '';
    return [`The Content API could not be reached (HTTP ${status}${label}). Try again.`];
  }
  if (kind === 'forbidden') return ['Your role does not allow this action.'];
  if (kind === 'not-found') return ['Not found.'];
  return [`The server answered HTTP ${status}.`];
}

export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
