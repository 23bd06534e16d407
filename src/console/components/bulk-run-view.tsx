// A bulk run on screen: the progress view and its actions. While the run is sending, Stop; once it has
// stopped or finished, "Retry N failed" (or "not done", when a stop or a throttle left some unsent),
// which resends only those, and Close. Every bulk screen shows its run through this one view.
import type { ReactNode } from 'react';
import type { BulkItem } from '../lib/bulk/bulk-runner.ts';
import type { BulkRun } from '../lib/bulk/use-bulk-run.ts';
import { formatCount } from '../lib/format.ts';
import { BulkProgress, type BulkProgressProps } from './bulk-progress.tsx';
import { Button } from './ui/button.tsx';

export interface BulkRunViewProps<T extends BulkItem> extends Omit<
  BulkProgressProps<T>,
  'items' | 'results'
> {
  run: BulkRun<T>;
  onClose(): void;
  /** The close button's words once the run has ended ("Close" unless given). */
  closeLabel?: string;
  /** In a dialog the buttons sit in the dialog's footer, and Stop is red like its other risky ones. */
  inDialog?: boolean;
}

export function BulkRunView<T extends BulkItem>({
  run,
  onClose,
  closeLabel = 'Close',
  inDialog = false,
  ...progress
}: BulkRunViewProps<T>) {
  const { phase, results, unfinished } = run;
  const allFailed = unfinished.every((item) => results.get(item.key)?.status === 'failed');
  let actions: ReactNode;
  if (phase === 'running')
    actions = (
      <Button variant={inDialog ? 'danger' : undefined} onClick={run.stop}>
        Stop
      </Button>
    );
  else
    actions = (
      <>
        {unfinished.length > 0 ? (
          <Button variant="primary" onClick={() => void run.retryFailed()}>
            Retry {formatCount(unfinished.length)} {allFailed ? 'failed' : 'not done'}
          </Button>
        ) : null}
        <Button onClick={onClose}>{closeLabel}</Button>
      </>
    );
  return (
    <>
      <BulkProgress items={run.allItems} results={results} {...progress} />
      <div className={inDialog ? 'dialog__actions' : 'panel__actions'}>{actions}</div>
    </>
  );
}
