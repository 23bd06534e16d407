// State of one bulk run: per-item results, retry of failures alone, stop.
import { useCallback, useRef, useState } from 'react';
import { contentApiOperations } from './bulk-operations.ts';
import { runBulk, type BulkAction, type BulkItem, type ItemResult } from './bulk-runner.ts';

export type RunPhase = 'confirm' | 'running' | 'finished';

const PENDING: ItemResult = { status: 'pending', messages: [], httpStatus: null };

export function useBulkRun(action: BulkAction, items: readonly BulkItem[]) {
  const [phase, setPhase] = useState<RunPhase>('confirm');
  const [results, setResults] = useState<ReadonlyMap<string, ItemResult>>(
    () => new Map(items.map((item) => [item.id, PENDING])),
  );
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (subset: readonly BulkItem[]) => {
      const abort = new AbortController();
      controller.current = abort;
      setPhase('running');
      setResults((previous) => {
        const next = new Map(previous);
        for (const item of subset) next.set(item.id, PENDING);
        return next;
      });
      await runBulk({
        action,
        items: subset,
        operations: contentApiOperations,
        signal: abort.signal,
        onResult: (id, result) => setResults((previous) => new Map(previous).set(id, result)),
      });
      controller.current = null;
      setPhase('finished');
    },
    [action],
  );

  const unfinished = items.filter((item) => {
    const status = results.get(item.id)?.status;
    return status === 'failed' || status === 'pending';
  });

  return {
    phase,
    results,
    start: () => run(items),
    retryFailures: () => run(unfinished),
    stop: () => controller.current?.abort(new DOMException('Stopped by the user', 'AbortError')),
    unfinished,
  };
}
