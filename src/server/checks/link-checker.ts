// The course checks' link checker, in the shape of linkinator and broken-link-checker: one request per
// distinct URL, HEAD first and GET when HEAD is refused (405, 501), a time limit per request, a cap on
// requests in flight shared by every check this server runs, redirects followed up to a limit (a loop
// is named as one), and answers cached by URL for a few minutes. Every connection goes through the
// address guard's dispatcher, so a URL (or any redirect hop) that leads to this machine, the private
// network or a metadata service is never fetched: it is reported "not checked (internal address)".
import { STATUS_CODES } from 'node:http';
import pLimit from 'p-limit';
import { request, type Dispatcher } from 'undici';
import type { LinkOutcome } from '#compiler/checks/index.ts';
import { AddressRefusedError, describeRefusal } from '../net/address-guard.ts';

export interface LinkCheckerOptions {
  /** The address guard's dispatcher (net/address-guard.ts): connects only where the guard allows. */
  dispatcher: Dispatcher;
  /** Requests in flight at most, all checks of this server together. */
  concurrency: number;
  /** Time limit of one request (connecting, and the answer's headers). */
  timeoutMs: number;
  /** How long an answer is reused for the same URL. */
  cacheMs: number;
  maxRedirects?: number;
  now?: () => number;
}

export interface LinkCheckRun {
  outcomes: Map<string, LinkOutcome>;
  /** URLs fetched in this run (the rest came from the cache or another run's flight). */
  fetched: number;
}

export interface LinkChecker {
  /**
   * The outcome of every URL; `refresh` fetches again the URLs whose cached answer was not fine.
   * `onSettled` is told as each URL's answer becomes known.
   */
  check(
    urls: readonly string[],
    options?: { refresh?: boolean; onSettled?: (done: number) => void },
  ): Promise<LinkCheckRun>;
  readonly concurrency: number;
  readonly timeoutMs: number;
  /** Ends the requests in flight and refuses new ones (at shutdown). */
  close(): Promise<void>;
}

const USER_AGENT = 'Lectern course checks (link checker)';
export const MAX_REDIRECTS = 5;

export function createLinkChecker(options: LinkCheckerOptions): LinkChecker {
  const { dispatcher, timeoutMs, cacheMs } = options;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const now = options.now ?? Date.now;
  const limit = pLimit(options.concurrency);
  const cache = new Map<string, { outcome: LinkOutcome; at: number }>();
  const flights = new Map<string, Promise<LinkOutcome>>();

  /** One request; the body is never read (a GET's is dropped at once). */
  async function ask(url: string, method: 'HEAD' | 'GET') {
    const response = await request(url, {
      method,
      dispatcher,
      headers: { 'user-agent': USER_AGENT, accept: '*/*' },
      headersTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is not wanted: dropping it ends the request (and its socket) without reading it.
    response.body.on('error', () => undefined).destroy();
    const location = response.headers.location;
    return {
      status: response.statusCode,
      location: Array.isArray(location) ? location[0] : location,
    };
  }

  async function probe(url: string): Promise<LinkOutcome> {
    const chain = [url];
    let current = url;
    for (;;) {
      // RFC 6761: `.invalid` never resolves, so no resolver is asked (seeded and test URLs use it).
      const { hostname } = new URL(current);
      if (/\.invalid\.?$/i.test(hostname)) return { kind: 'unresolved', host: hostname };
      let answer;
      try {
        answer = await ask(current, 'HEAD');
        if (answer.status === 405 || answer.status === 501) answer = await ask(current, 'GET');
      } catch (error) {
        return failure(error, timeoutMs);
      }
      const { status, location } = answer;
      if (status >= 300 && status < 400 && location) {
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          return { kind: 'unreachable', reason: `it redirects to an address that is not valid` };
        }
        next.hash = '';
        if (chain.includes(next.href))
          return { kind: 'redirectLoop', chain: [...chain, next.href] };
        if (chain.length > maxRedirects) return { kind: 'tooManyRedirects', limit: maxRedirects };
        if (next.protocol !== 'http:' && next.protocol !== 'https:')
          return { kind: 'unreachable', reason: `it redirects to ${next.protocol} ${next.href}` };
        chain.push(next.href);
        current = next.href;
        continue;
      }
      if (status < 400) return { kind: 'ok', status };
      return { kind: 'status', status, statusText: STATUS_CODES[status] ?? '' };
    }
  }

  /** The answer for `url`: fresh from the cache, the flight already on its way, or a new fetch. */
  function outcomeOf(
    url: string,
    refresh: boolean,
  ): { outcome: Promise<LinkOutcome>; fetched: boolean } {
    const cached = cache.get(url);
    if (cached && now() - cached.at < cacheMs && !(refresh && cached.outcome.kind !== 'ok'))
      return { outcome: Promise.resolve(cached.outcome), fetched: false };
    const flying = flights.get(url);
    if (flying) return { outcome: flying, fetched: false };
    const flight = limit(() => probe(url)).then((outcome) => {
      cache.set(url, { outcome, at: now() });
      flights.delete(url);
      return outcome;
    });
    flights.set(url, flight);
    return { outcome: flight, fetched: true };
  }

  function prune() {
    const at = now();
    for (const [url, entry] of cache) if (at - entry.at >= cacheMs) cache.delete(url);
  }

  return {
    concurrency: options.concurrency,
    timeoutMs,
    async check(urls, { refresh = false, onSettled } = {}) {
      prune();
      const outcomes = new Map<string, LinkOutcome>();
      let fetched = 0;
      let done = 0;
      await Promise.all(
        [...new Set(urls)].map(async (url) => {
          const next = outcomeOf(url, refresh);
          if (next.fetched) fetched += 1;
          outcomes.set(url, await next.outcome);
          onSettled?.(++done);
        }),
      );
      return { outcomes, fetched };
    },
    async close() {
      limit.clearQueue();
      await dispatcher.destroy();
    },
  };
}

/** Why a request got no answer, as a link outcome. */
function failure(error: unknown, timeoutMs: number): LinkOutcome {
  const refusal = findCause(
    error,
    (e): e is AddressRefusedError => e instanceof AddressRefusedError,
  );
  if (refusal) {
    const { refusal: why } = refusal;
    if (why.kind === 'unresolved') return { kind: 'unresolved', host: why.host };
    if (why.kind === 'internal') return { kind: 'internal', why: describeRefusal(why) };
    return { kind: 'unreachable', reason: describeRefusal(why) };
  }
  const code = findCause(
    error,
    (e): e is Error & { code: string } => typeof (e as { code?: unknown }).code === 'string',
  )?.code;
  const name = (error as { name?: string } | null)?.name;
  if (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'ETIMEDOUT'
  )
    return { kind: 'timeout', ms: timeoutMs };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
    const host = /ENOTFOUND (\S+)/.exec(String((error as Error).message))?.[1];
    return { kind: 'unresolved', host: host ?? 'of this address' };
  }
  return { kind: 'unreachable', reason: reasonOf(code, error) };
}

function reasonOf(code: string | undefined, error: unknown): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was cut';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'no route to the host';
    default:
      if (code?.startsWith('CERT_') || code?.startsWith('ERR_TLS_') || code?.includes('CERT'))
        return 'its security certificate is not valid';
      return (error as Error | null)?.message || 'no answer';
  }
}

/** The error or one of its causes that matches. */
function findCause<T>(error: unknown, match: (e: unknown) => e is T): T | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (match(e)) return e;
  return undefined;
}
