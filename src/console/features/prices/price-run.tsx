// Sending new prices: confirm (what goes out, in how many calls), then the shared bulk runner's
// progress with every course's result, Stop, and "Retry N failed" which resends only those.
import { useEffect, useMemo, useRef } from 'react';
import { LIMITS } from '#contract/limits.ts';
import { BulkRunView } from '../../components/bulk-run-view.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { BulkItemResult } from '../../lib/bulk/bulk-runner.ts';
import { useBulkRun } from '../../lib/bulk/use-bulk-run.ts';
import { formatCount, plural } from '../../lib/format.ts';
import { formatCents } from '../../lib/money.ts';
import { priceTask, type PriceItem } from './price-task.ts';

export interface PriceRunProps {
  items: readonly PriceItem[];
  /** Every result so far, for the grid's Result column. */
  onResults(results: ReadonlyMap<string, BulkItemResult>): void;
  /** Prices the API confirmed, once per finished run (the page writes them into the index). */
  onConfirmed(prices: ReadonlyMap<string, number>): void;
  onClose(): void;
}

const task = priceTask();

export function PriceRun({ items, onResults, onConfirmed, onClose }: PriceRunProps) {
  const run = useBulkRun({ items, task });
  const { phase, results, counts } = run;
  useEffect(() => onResults(results), [results, onResults]);
  // Each finished run hands over what it confirmed, once.
  const reported = useRef(new Set<string>());
  useEffect(() => {
    if (phase !== 'finished') return;
    const confirmed = new Map<string, number>();
    for (const item of items)
      if (results.get(item.key)?.status === 'done' && !reported.current.has(item.key)) {
        confirmed.set(item.courseId, item.cents);
        reported.current.add(item.key);
      }
    onConfirmed(confirmed);
  }, [phase, items, results, onConfirmed]);
  const calls = Math.ceil(items.length / LIMITS.itemsPerBulkPriceUpdate);
  const detail = useMemo(
    () => (item: PriceItem) => `${formatCents(item.oldCents)} → ${formatCents(item.cents)}`,
    [],
  );

  return (
    <section className="card price-run" aria-labelledby="run-heading">
      <h2 className="card__title" id="run-heading">
        {phase === 'ready' ? 'Send the new prices?' : 'Sending new prices'}
      </h2>
      {phase === 'ready' ? (
        <>
          <p>
            {plural(items.length, 'new price')} go out with <code>bulkUpdatePrices</code> in{' '}
            {plural(calls, 'call')} of at most {formatCount(LIMITS.itemsPerBulkPriceUpdate)}. Each
            call is applied whole or not at all; failed calls can be retried alone.
          </p>
          <div className="panel__actions">
            <Button variant="primary" onClick={() => void run.start()}>
              Send {plural(items.length, 'price')}
            </Button>
            <Button onClick={onClose}>Back to editing</Button>
          </div>
        </>
      ) : (
        <>
          <BulkRunView
            run={run}
            noun="prices"
            renderDetail={detail}
            listLimit={100}
            unlistedNote="the grid's Result column shows every course"
            onClose={onClose}
            closeLabel={counts.done === items.length ? 'Done' : 'Close and keep editing'}
          />
        </>
      )}
    </section>
  );
}
