// GET requests the console server makes on its own behalf (titles, the users list), as JSON. One key,
// one throttle bucket upstream: a 429 holds back every read of this reader until its Retry-After has
// passed (the reads of the moment wait, then go again), within a bound, after which the 429 is answered
// to the caller. Reads are also bounded in number at once, so a page full of unknown titles cannot
// flood the instance.
import { parseRetryAfter } from './retry-after.ts';
import type { Upstream } from './upstream-client.ts';

export interface UpstreamAnswer {
  status: number;
  /** Parsed JSON, or the text of a body that is not JSON. */
  body: unknown;
}

export interface UpstreamReaderOptions {
  now: () => number;
  /** Reads in flight at once, at most. */
  concurrency: number;
  /** The longest a read waits for the throttle, in all, before it gives up with the 429. */
  maxThrottleWaitMs: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface UpstreamReader {
  read(pathAndQuery: string): Promise<UpstreamAnswer>;
  /** Until when (epoch ms) the instance asked this server to wait; 0 when it did not. */
  readonly throttledUntil: number;
  stats: { sent: number; throttled: number };
}

/** Without Retry-After, a 429 is waited out this long. */
const DEFAULT_WAIT_MS = 1000;

export function createUpstreamReader(
  upstream: Upstream,
  options: UpstreamReaderOptions,
): UpstreamReader {
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let throttledUntil = 0;
  let active = 0;
  const queue: (() => void)[] = [];
  const stats = { sent: 0, throttled: 0 };

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (active >= options.concurrency) await new Promise<void>((resolve) => queue.push(resolve));
    else active += 1;
    try {
      return await work();
    } finally {
      const next = queue.shift();
      if (next) next();
      else active -= 1;
    }
  }

  async function send(pathAndQuery: string): Promise<UpstreamAnswer> {
    stats.sent += 1;
    const response = await upstream.pool.request({
      method: 'GET',
      path: upstream.restPath(pathAndQuery),
      headers: { authorization: upstream.authorization(), accept: 'application/json' },
    });
    const text = await response.body.text();
    if (response.statusCode === 429) {
      stats.throttled += 1;
      const wait = parseRetryAfter(response.headers['retry-after'], options.now());
      throttledUntil = Math.max(throttledUntil, options.now() + (wait ?? DEFAULT_WAIT_MS));
    }
    let body: unknown = text;
    if (String(response.headers['content-type'] ?? '').includes('json') && text !== '')
      body = JSON.parse(text) as unknown;
    return { status: response.statusCode, body };
  }

  return {
    async read(pathAndQuery) {
      const deadline = options.now() + options.maxThrottleWaitMs;
      for (;;) {
        const wait = throttledUntil - options.now();
        if (wait > 0) {
          if (options.now() + wait > deadline)
            return {
              status: 429,
              body: 'the instance asked to wait longer than the console waits',
            };
          await sleep(wait);
        }
        const answer = await slot(() => send(pathAndQuery));
        if (answer.status !== 429) return answer;
        if (throttledUntil > deadline) return answer;
      }
    },
    get throttledUntil() {
      return throttledUntil > options.now() ? throttledUntil : 0;
    },
    stats,
  };
}
