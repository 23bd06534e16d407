// The one bulk runner of the console: sends many items in chunks, with bounded concurrency, and
// reports each item's fate. An item is "done" only when the API confirmed it; a refused chunk keeps the
// API's exact messages and HTTP status; items judged pointless before sending are "skipped" with their
// reason and never sent. 429s are waited out by the API client (Retry-After); when it gives up, the
// runner stops sending and leaves the rest unsent, so a retry later resends only what is not done.
import { errorMessages, isApiError } from '../api-error.ts';

/** Anything a bulk run can act on: a stable key and the title the user knows it by. */
export interface BulkItem {
  key: string;
  title: string;
}

export type BulkItemStatus = 'pending' | 'running' | 'done' | 'skipped' | 'failed';

export interface BulkItemResult {
  status: BulkItemStatus;
  /** Skipped: why it was not sent. Pending after a stop or a throttle: why it is not done. */
  reason: string | null;
  /** Failed: the API's exact messages. */
  messages: readonly string[];
  /** Failed: the HTTP status of the refusal (null: no answer, or the answer's content was wrong). */
  httpStatus: number | null;
}

export interface SkippedItem<T extends BulkItem = BulkItem> {
  item: T;
  reason: string;
}

/** Per-item outcomes a chunk's answer may report; items it does not name are done. */
export type ItemOutcome =
  | { status: 'done' }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; messages: readonly string[]; httpStatus?: number | null };

export type ChunkOutcome = void | ReadonlyMap<string, ItemOutcome>;

export interface BulkTask<T extends BulkItem> {
  /**
   * Sends one chunk. Resolve (optionally with per-item outcomes) only when the API confirmed it; throw
   * when it refused it (an ApiError keeps its messages and status). One call is one upstream
   * transaction, so a thrown chunk fails as a whole.
   */
  send(chunk: readonly T[], signal: AbortSignal): Promise<ChunkOutcome>;
  /** Items per call (default 1: one call per item). */
  chunkSize?: number;
  /** Calls in flight at once (default 4). */
  concurrency?: number;
}

export interface RunBulkOptions<T extends BulkItem> extends BulkTask<T> {
  items: readonly T[];
  /** Reported as skipped with their reason before anything is sent. */
  skipped?: readonly SkippedItem<T>[];
  signal: AbortSignal;
  onResult(key: string, result: BulkItemResult): void;
}

export const PENDING: BulkItemResult = {
  status: 'pending',
  reason: null,
  messages: [],
  httpStatus: null,
};
const RUNNING: BulkItemResult = { ...PENDING, status: 'running' };
const DONE: BulkItemResult = { ...PENDING, status: 'done' };

export const STOPPED_REASON = 'Stopped before the API confirmed this item.';
export const NOT_SENT_REASON = 'Not sent: the run was stopped.';
export const THROTTLED_REASON =
  'Not sent: the Content API kept answering 429 Too Many Requests. Retry when it has calmed down.';

export function skippedResult(reason: string): BulkItemResult {
  return { ...PENDING, status: 'skipped', reason };
}

export function failedResult(error: unknown): BulkItemResult {
  return {
    status: 'failed',
    reason: null,
    messages: errorMessages(error),
    httpStatus: isApiError(error) ? error.status : null,
  };
}

function outcomeResult(outcome: ItemOutcome): BulkItemResult {
  if (outcome.status === 'done') return DONE;
  if (outcome.status === 'skipped') return skippedResult(outcome.reason);
  return {
    status: 'failed',
    reason: null,
    messages: outcome.messages,
    httpStatus: outcome.httpStatus ?? null,
  };
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  const step = Math.max(1, Math.floor(size));
  for (let start = 0; start < items.length; start += step)
    chunks.push(items.slice(start, start + step));
  return chunks;
}

export interface BulkCounts {
  total: number;
  pending: number;
  running: number;
  done: number;
  skipped: number;
  failed: number;
  /** Done, skipped or failed. */
  settled: number;
}

export function countResults(results: Iterable<BulkItemResult>): BulkCounts {
  const counts = { total: 0, pending: 0, running: 0, done: 0, skipped: 0, failed: 0, settled: 0 };
  for (const result of results) {
    counts.total++;
    counts[result.status]++;
  }
  counts.settled = counts.done + counts.skipped + counts.failed;
  return counts;
}

/** Items a run left not done: failed, or unsent after a stop or a throttle. Never a done or skipped one. */
export function unfinishedOf<T extends BulkItem>(
  items: readonly T[],
  results: ReadonlyMap<string, BulkItemResult>,
): T[] {
  return items.filter((item) => {
    const status = results.get(item.key)?.status;
    return status === 'failed' || status === 'pending';
  });
}

/** Runs `work` over `inputs` with at most `concurrency` at once, in order of the inputs. */
export async function forEachBounded<T>(
  inputs: readonly T[],
  concurrency: number,
  work: (input: T) => Promise<void>,
  shouldStop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  async function worker() {
    while (next < inputs.length && !shouldStop()) await work(inputs[next++]!);
  }
  const workers = Math.max(1, Math.min(Math.floor(concurrency), inputs.length));
  await Promise.all(Array.from({ length: workers }, worker));
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export async function runBulk<T extends BulkItem>(options: RunBulkOptions<T>): Promise<void> {
  const { items, skipped = [], signal, onResult, send } = options;
  for (const { item, reason } of skipped) onResult(item.key, skippedResult(reason));
  let throttled = false;

  async function sendChunk(batch: readonly T[]) {
    for (const item of batch) onResult(item.key, RUNNING);
    try {
      const outcomes = await send(batch, signal);
      for (const item of batch) {
        const outcome = outcomes?.get(item.key);
        onResult(item.key, outcome ? outcomeResult(outcome) : DONE);
      }
    } catch (error) {
      if (signal.aborted || isAbort(error)) {
        for (const item of batch) onResult(item.key, { ...PENDING, reason: STOPPED_REASON });
        return;
      }
      // The client already waited out Retry-After several times: stop asking, keep the rest unsent.
      if (isApiError(error) && error.kind === 'throttled') throttled = true;
      const result = failedResult(error);
      for (const item of batch) onResult(item.key, result);
    }
  }

  const batches = chunk(items, options.chunkSize ?? 1);
  let started = 0;
  await forEachBounded(
    batches,
    options.concurrency ?? 4,
    async (batch) => {
      started++;
      await sendChunk(batch);
    },
    () => signal.aborted || throttled,
  );
  // Whatever was never sent says why.
  const reason = throttled ? THROTTLED_REASON : NOT_SENT_REASON;
  for (const batch of batches.slice(started))
    for (const item of batch) onResult(item.key, { ...PENDING, reason });
}
