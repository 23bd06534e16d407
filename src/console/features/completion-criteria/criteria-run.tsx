// A run of the criteria: sent in chunks by the shared bulk runner, each course's result, Stop, Retry
// of what failed; when it ends, every picked course's criteria are read back.
import { useEffect, useRef, useState } from 'react';
import { BulkRunView } from '../../components/bulk-run-view.tsx';
import type { BulkItemResult } from '../../lib/bulk/bulk-runner.ts';
import { useBulkRun } from '../../lib/bulk/use-bulk-run.ts';
import { criteriaTask, type CriterionItem } from './criteria-task.ts';

const TASKS = { create: criteriaTask('create'), update: criteriaTask('update') };

export function CriteriaRun({
  mode,
  items,
  skipped,
  onResults,
  onFinished,
  onClose,
}: {
  mode: 'create' | 'update';
  items: readonly CriterionItem[];
  skipped: readonly (CriterionItem & { reason: string })[];
  onResults(results: ReadonlyMap<string, BulkItemResult>): void;
  onFinished(): void;
  onClose(): void;
}) {
  const [skippedItems] = useState(() => skipped.map((item) => ({ item, reason: item.reason })));
  const run = useBulkRun({ items, skipped: skippedItems, task: TASKS[mode] });
  const { phase, results } = run;
  useEffect(() => onResults(results), [results, onResults]);
  useEffect(() => {
    if (phase === 'finished') onFinished();
  }, [phase, onFinished]);
  // Starts at once: the button that opened the run was the confirmation (the preview said it all).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run.start();
  }, [run]);
  return (
    <div className="criteria-run">
      <BulkRunView run={run} noun="courses" listLimit={100} onClose={onClose} />
    </div>
  );
}
