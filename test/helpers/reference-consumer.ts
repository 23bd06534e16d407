// A reference consumer of the event feed, written by the spec's consumer rules (spec 6) and the
// field notes on polling feeds:
// - one checkpoint per kind: the highest timestamp fully processed, passed as `startDate`;
// - follow `pageInfo.cursor` until `hasMore` is false before advancing the checkpoint;
// - idempotent by event id: ids are stored (a unique set) before the handler runs, so the events a
//   restart from the inclusive checkpoint sees again are no-ops;
// - 429: wait `Retry-After` (seconds or an HTTP date); 5xx and connection resets: exponential
//   backoff with full jitter, capped; any other 4xx is a bug and is never retried;
// - one poll per kind at a time.
import { EventPage, type EventKind, type LearnerEvent } from '#contract/index.ts';

export interface ReferenceConsumerOptions {
  /** `http://host:port/incoming/v2` */
  apiUrl: string;
  apiKey: string;
  kinds: readonly EventKind[];
  handle: (event: LearnerEvent) => void;
  backoff?: { baseMs: number; capMs: number };
  /** Attempts per request before the walk is abandoned (its checkpoint stays where it was). */
  maxAttempts?: number;
  random?: () => number;
}

export interface ConsumerStats {
  requests: number;
  pages: number;
  throttled: number;
  serverErrors: number;
  resets: number;
  duplicates: number;
  abandonedWalks: number;
}

export class NonRetryableError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export class ReferenceConsumer {
  readonly checkpoints = new Map<EventKind, number>();
  /** The consumer's store of processed ids (a unique constraint in a real one). */
  readonly processed = new Set<string>();
  readonly stats: ConsumerStats = {
    requests: 0,
    pages: 0,
    throttled: 0,
    serverErrors: 0,
    resets: 0,
    duplicates: 0,
    abandonedWalks: 0,
  };
  private readonly inFlight = new Map<EventKind, Promise<number>>();
  private readonly backoff: { baseMs: number; capMs: number };
  private readonly maxAttempts: number;
  private readonly random: () => number;

  constructor(private readonly options: ReferenceConsumerOptions) {
    this.backoff = options.backoff ?? { baseMs: 100, capMs: 5000 };
    this.maxAttempts = options.maxAttempts ?? 10;
    this.random = options.random ?? Math.random;
  }

  /** Polls every kind (each at most once at a time); returns how many new events were handled. */
  async pollAll(): Promise<number> {
    const counts = await Promise.all(this.options.kinds.map((kind) => this.poll(kind)));
    return counts.reduce((a, b) => a + b, 0);
  }

  poll(kind: EventKind): Promise<number> {
    const running = this.inFlight.get(kind);
    if (running) return running;
    const walk = this.walk(kind).finally(() => this.inFlight.delete(kind));
    this.inFlight.set(kind, walk);
    return walk;
  }

  /** One cursor walk from the checkpoint; the checkpoint moves only when the walk completes. */
  private async walk(kind: EventKind): Promise<number> {
    const startDate = this.checkpoints.get(kind);
    let highest = startDate;
    let handled = 0;
    let cursor: string | undefined;
    try {
      do {
        const query = new URLSearchParams();
        if (startDate !== undefined) query.set('startDate', String(startDate));
        if (cursor) query.set('cursor', cursor);
        const page = await this.fetchPage(`${this.options.apiUrl}/events/${kind}?${query}`);
        for (const event of page.events) {
          highest = Math.max(highest ?? event.timestamp, event.timestamp);
          if (this.processed.has(event.id)) {
            this.stats.duplicates++;
            continue;
          }
          this.processed.add(event.id);
          this.options.handle(event);
          handled++;
        }
        cursor = page.pageInfo.hasMore ? page.pageInfo.cursor : undefined;
      } while (cursor);
    } catch (error) {
      if (error instanceof NonRetryableError) throw error;
      this.stats.abandonedWalks++;
      return handled;
    }
    if (highest !== undefined) this.checkpoints.set(kind, highest);
    return handled;
  }

  private async fetchPage(url: string): Promise<EventPage> {
    for (let attempt = 0; ; attempt++) {
      if (attempt >= this.maxAttempts) throw new Error(`gave up after ${attempt} attempts: ${url}`);
      this.stats.requests++;
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(url, {
          headers: { authorization: `Bearer ${this.options.apiKey}` },
        });
        body = response.status === 200 ? await response.json() : await response.text();
      } catch {
        this.stats.resets++;
        await sleep(this.jitter(attempt));
        continue;
      }
      if (response.status === 200) {
        this.stats.pages++;
        return EventPage.parse(body);
      }
      if (response.status === 429) {
        this.stats.throttled++;
        await sleep(retryAfterMs(response.headers.get('retry-after')) ?? this.jitter(attempt));
        continue;
      }
      if (response.status >= 500) {
        this.stats.serverErrors++;
        await sleep(this.jitter(attempt));
        continue;
      }
      throw new NonRetryableError(`${response.status} from ${url}: ${String(body)}`);
    }
  }

  /** Full jitter: random(0, min(cap, base * 2^attempt)). */
  private jitter(attempt: number): number {
    return this.random() * Math.min(this.backoff.capMs, this.backoff.baseMs * 2 ** attempt);
  }
}
