// State of one bulk run for a screen: per-item results, counts, start, stop, and "retry failed only"
// (which resends the failed items and those a stop or a throttle left unsent, never a done one).
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  PENDING,
  countResults,
  runBulk,
  skippedResult,
  unfinishedOf,
  type BulkItem,
  type BulkItemResult,
  type BulkTask,
  type SkippedItem,
} from './bulk-runner.ts';

export type BulkRunPhase = 'ready' | 'running' | 'finished';

export interface UseBulkRunOptions<T extends BulkItem> {
  /** Items to send. */
  items: readonly T[];
  /** Items not sent, with the reason; shown as skipped from the start. */
  skipped?: readonly SkippedItem<T>[];
  task: BulkTask<T>;
}

function initialResults<T extends BulkItem>(
  items: readonly T[],
  skipped: readonly SkippedItem<T>[],
): Map<string, BulkItemResult> {
  const results = new Map<string, BulkItemResult>();
  for (const item of items) results.set(item.key, PENDING);
  for (const { item, reason } of skipped) results.set(item.key, skippedResult(reason));
  return results;
}

const NONE: readonly never[] = [];

export function useBulkRun<T extends BulkItem>({
  items,
  skipped = NONE,
  task,
}: UseBulkRunOptions<T>) {
  const [phase, setPhase] = useState<BulkRunPhase>('ready');
  const [results, setResults] = useState<ReadonlyMap<string, BulkItemResult>>(() =>
    initialResults(items, skipped),
  );
  const controller = useRef<AbortController | null>(null);
  // The latest task, so a caller may pass a new object each render.
  const taskRef = useRef(task);
  useLayoutEffect(() => {
    taskRef.current = task;
  });

  const run = useCallback(async (subset: readonly T[]) => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setPhase('running');
    setResults((previous) => {
      const next = new Map(previous);
      for (const item of subset) next.set(item.key, PENDING);
      return next;
    });
    try {
      await runBulk({
        ...taskRef.current,
        items: subset,
        signal: abort.signal,
        onResult: (key, result) => setResults((previous) => new Map(previous).set(key, result)),
      });
    } finally {
      controller.current = null;
      setPhase('finished');
    }
  }, []);

  const unfinished = useMemo(() => unfinishedOf(items, results), [items, results]);
  const counts = useMemo(() => countResults(results.values()), [results]);
  /** Every item of the run, sent or skipped, in the order given. */
  const allItems = useMemo(
    () => [...items, ...skipped.map((entry) => entry.item)],
    [items, skipped],
  );

  return {
    phase,
    results,
    counts,
    allItems,
    /** Items not done after a run: failed, or left unsent by a stop or a throttle. */
    unfinished,
    start: () => run(items),
    retryFailed: () => run(unfinished),
    stop: () => controller.current?.abort(new DOMException('Stopped by the user', 'AbortError')),
  };
}

/** One run's state and controls, as a screen holds them (the progress view takes it whole). */
export type BulkRun<T extends BulkItem> = ReturnType<typeof useBulkRun<T>>;
