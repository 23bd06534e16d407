// One poller per event kind, following the spec's consumer rules (section 6) exactly:
// - a durable checkpoint per kind: the highest timestamp of a cursor chain read to `hasMore: false`;
// - every page is stored (idempotently, by event id) before the next is requested, and the checkpoint
//   advances only when the whole chain is stored; a restart resumes inclusively from the checkpoint;
// - 429: wait at least Retry-After (seconds or HTTP-date), shared by all kinds (one key, one bucket);
// - 5xx and network errors: exponential backoff with full jitter, resuming the same cursor;
// - other 4xx: no quick retries; the error is reported and the chain restarts from the checkpoint later;
// - one poll per kind at a time (a single loop; the next poll is scheduled only after this one ends);
// - its state is written to the database (in order, one write at a time), so every console server can
//   show it and a new leader starts from it.
import type { Logger } from 'pino';
import type { KindStatus } from '#contract/console/relay.ts';
import type { RelayConfig } from '../config.ts';
import { isDatabaseUnavailable } from '../database-errors.ts';
import type {
  KindStateRow,
  NormalizedEvent,
  RelayRepository,
} from '../storage/relay-repository.ts';
import type { Upstream } from '../upstream/upstream-client.ts';
import { fullJitterDelay, parseRetryAfter } from './backoff.ts';
import { normalizeEvent } from './normalize-event.ts';

/** Shared by all pollers: the feed is throttled per API key, not per kind. */
export interface ThrottleGate {
  until: number;
}

export interface PollerDeps {
  upstream: Upstream;
  repo: RelayRepository;
  config: RelayConfig;
  gate: ThrottleGate;
  now: () => number;
  random: () => number;
  log: Logger;
  /** Where a kind without a checkpoint starts (epoch ms). */
  initialStartDate: () => number;
  onStored: (kind: string) => void;
  onStatus: (status: KindStatus) => void;
  onCheckpoint?: (kind: string, checkpoint: number, maxSeq: number) => void;
}

interface Chain {
  startDate: number;
  cursor: string;
  maxTimestamp: number | null;
}

class UnexpectedAnswer extends Error {}

export class KindPoller {
  private chain: Chain | null = null;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private readonly abort = new AbortController();
  private stopped = false;
  private readonly status: KindStatus;
  /** The poller's database writes, chained so they land in the order they were made. */
  private writes: Promise<void> = Promise.resolve();

  /** `row`: the kind's stored state, read just before this poller starts (its checkpoint). */
  constructor(
    readonly kind: string,
    row: KindStateRow,
    private readonly deps: PollerDeps,
  ) {
    this.status = {
      kind,
      state: 'starting',
      checkpoint: row.checkpoint,
      lastSuccessAt: row.last_success_at,
      lagMs: null,
      error: row.last_error,
      errorAt: row.last_error_at,
      throttledUntil: row.throttled_until,
      nextPollAt: null,
      storedTotal: row.stored_total,
    };
  }

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.inFlight;
    await this.writes;
    // Not written: the server that polls next owns the stored state now.
    Object.assign(this.status, { state: 'stopped', nextPollAt: null });
  }

  snapshot(): KindStatus {
    const { lastSuccessAt } = this.status;
    return {
      ...this.status,
      lagMs: lastSuccessAt === null ? null : Math.max(0, this.deps.now() - lastSuccessAt),
    };
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.status.nextPollAt = this.deps.now() + delayMs;
    this.timer = setTimeout(() => {
      this.inFlight = this.run().finally(() => (this.inFlight = undefined));
    }, delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    let delay: number;
    try {
      delay = await this.pollChain();
    } catch (error) {
      if (this.stopped) return;
      if (isDatabaseUnavailable(error)) {
        // Nothing was checkpointed: the same chain is read again once the database answers.
        delay = this.transientFailure('console database unavailable');
      } else {
        this.deps.log.error({ err: error, kind: this.kind }, 'relay poll failed unexpectedly');
        delay = this.transientFailure('internal error while polling');
      }
    }
    this.schedule(delay);
  }

  /** Reads pages until the chain ends or something goes wrong; returns the delay before the next poll. */
  private async pollChain(): Promise<number> {
    const { deps } = this;
    for (;;) {
      if (this.stopped) return 0;
      const waitForGate = deps.gate.until - deps.now();
      if (waitForGate > 0) {
        this.update({ state: 'throttled', throttledUntil: deps.gate.until });
        return waitForGate;
      }
      const startDate = this.chain?.startDate ?? this.status.checkpoint ?? deps.initialStartDate();
      const query = new URLSearchParams({ startDate: String(startDate) });
      if (this.chain) query.set('cursor', this.chain.cursor);

      let statusCode: number;
      let headers: Record<string, string | string[] | undefined>;
      let text: string;
      const startedAt = performance.now();
      let answered = false;
      try {
        const response = await deps.upstream.pool.request({
          method: 'GET',
          path: deps.upstream.restPath(`/events/${encodeURIComponent(this.kind)}?${query}`),
          headers: { authorization: deps.upstream.authorization(), accept: 'application/json' },
          signal: this.abort.signal,
        });
        statusCode = response.statusCode;
        answered = true;
        deps.upstream.observe('eventFeed', startedAt, statusCode);
        headers = response.headers;
        text = await response.body.text();
      } catch (error) {
        if (this.stopped) return 0;
        if (!answered) deps.upstream.observe('eventFeed', startedAt, 'error');
        return this.transientFailure(describeNetworkError(error));
      }

      if (statusCode === 200) {
        let page: { events: unknown[]; hasMore: boolean; cursor: string | undefined };
        try {
          page = parsePage(text);
        } catch (error) {
          return this.transientFailure((error as Error).message);
        }
        const chain = this.chain ?? { startDate, cursor: '', maxTimestamp: null };
        const events = this.normalize(page.events);
        const inserted = await deps.repo.insertPage(this.kind, events, deps.now());
        for (const event of events)
          if (chain.maxTimestamp === null || event.timestamp > chain.maxTimestamp)
            chain.maxTimestamp = event.timestamp;
        if (inserted) {
          this.status.storedTotal += inserted;
          deps.onStored(this.kind);
        }
        if (page.hasMore) {
          if (!page.cursor) return this.transientFailure('feed said hasMore without a cursor');
          this.chain = { ...chain, cursor: page.cursor };
          this.failures = 0;
          continue;
        }
        return await this.completeChain(chain.maxTimestamp);
      }

      if (statusCode === 429) {
        const retryMs =
          parseRetryAfter(headers['retry-after'], deps.now()) ?? Math.max(1000, this.backoff());
        deps.gate.until = Math.max(deps.gate.until, deps.now() + retryMs);
        this.update({
          state: 'throttled',
          throttledUntil: deps.gate.until,
          error: 'throttled by the feed (429)',
          errorAt: deps.now(),
        });
        return deps.gate.until - deps.now();
      }
      if (statusCode >= 500) return this.transientFailure(`feed answered ${statusCode}`);

      // Any other 4xx will not fix itself by retrying soon: report it, start the chain afresh later.
      this.chain = null;
      this.failures = 0;
      this.update({
        state: 'error',
        error: `feed answered ${statusCode}${statusCode === 401 ? ' (API key refused)' : ''}`,
        errorAt: deps.now(),
        throttledUntil: null,
      });
      return deps.config.clientErrorBackoffMs;
    }
  }

  private async completeChain(maxTimestamp: number | null): Promise<number> {
    const { deps } = this;
    const previous = this.status.checkpoint;
    const checkpoint =
      maxTimestamp === null
        ? previous
        : previous === null
          ? maxTimestamp
          : Math.max(previous, maxTimestamp);
    const at = deps.now();
    await this.writes;
    await deps.repo.saveCheckpoint(this.kind, checkpoint, at, at + deps.config.pollIntervalMs);
    this.chain = null;
    this.failures = 0;
    this.update(
      {
        state: 'ok',
        checkpoint,
        lastSuccessAt: at,
        error: null,
        errorAt: null,
        throttledUntil: null,
      },
      false,
    );
    if (checkpoint !== null && deps.onCheckpoint)
      deps.onCheckpoint(this.kind, checkpoint, await deps.repo.maxSeq());
    return deps.config.pollIntervalMs;
  }

  private normalize(events: unknown[]): NormalizedEvent[] {
    const out: NormalizedEvent[] = [];
    for (const raw of events) {
      const event = normalizeEvent(this.kind, raw);
      if (event) out.push(event);
      else this.deps.log.warn({ kind: this.kind }, 'feed event without a timestamp skipped');
    }
    return out;
  }

  private backoff(): number {
    const { backoffBaseMs, backoffCapMs } = this.deps.config;
    return fullJitterDelay(this.failures, backoffBaseMs, backoffCapMs, this.deps.random);
  }

  private transientFailure(message: string): number {
    const delay = this.backoff();
    this.failures += 1;
    this.update({ state: 'retrying', error: message, errorAt: this.deps.now() });
    return delay;
  }

  /** `persist` false: the caller stored the change itself. */
  private update(patch: Partial<KindStatus>, persist = true): void {
    const before = this.status;
    const changed = (Object.keys(patch) as (keyof KindStatus)[]).some(
      (key) => before[key] !== patch[key],
    );
    Object.assign(this.status, patch);
    if (!changed) return;
    if (!persist) return this.deps.onStatus(this.snapshot());
    const { state, error, errorAt, throttledUntil } = this.status;
    this.writes = this.writes
      .then(() =>
        this.deps.repo.saveProblem(this.kind, {
          state,
          error,
          errorAt,
          throttledUntil,
          // Read when written: the next poll is scheduled just after this change.
          nextPollAt: this.status.nextPollAt,
        }),
      )
      .catch((failure: unknown) => {
        if (!isDatabaseUnavailable(failure))
          this.deps.log.error({ err: failure, kind: this.kind }, 'relay state write failed');
      })
      // Other servers read the state from the database: tell them once it is there.
      .then(() => this.deps.onStatus(this.snapshot()));
  }
}

function parsePage(text: string) {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UnexpectedAnswer('feed answered 200 with a body that is not JSON');
  }
  const page = body as { pageInfo?: { hasMore?: unknown; cursor?: unknown }; events?: unknown };
  if (!page || !Array.isArray(page.events) || typeof page.pageInfo?.hasMore !== 'boolean')
    throw new UnexpectedAnswer('feed answered 200 without { pageInfo: { hasMore }, events }');
  const cursor = page.pageInfo.cursor;
  return {
    events: page.events,
    hasMore: page.pageInfo.hasMore,
    cursor: typeof cursor === 'string' && cursor ? cursor : undefined,
  };
}

function describeNetworkError(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  return `feed unreachable${code ? ` (${code})` : ''}`;
}
