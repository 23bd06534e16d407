// Bulk publish / unpublish / archive / restore of the groups selected in the browser (admins only).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { toast } from '../../components/ui/toast.tsx';
import type { BulkSelection } from '../../lib/bulk-selection.ts';
import { formatCount, plural } from '../../lib/format.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { courseQueries } from '../../lib/queries/courses.ts';
import { BulkProgress } from '../../components/bulk-progress.tsx';
import { useBulkRun } from '../../lib/bulk/use-bulk-run.ts';
import { ACTION_LABELS, ACTION_PAST, describeBulk } from './bulk-copy.ts';
import { bulkTask, groupItem, type BulkAction, type GroupItem } from './bulk-tasks.ts';

const ACTIONS: readonly BulkAction[] = ['publish', 'unpublish', 'archive', 'restore'];
let runCounter = 0;

interface PlannedRun {
  id: number;
  action: BulkAction;
  items: readonly GroupItem[];
}

export function BulkActions({ selection }: { selection: BulkSelection }) {
  const [planned, setPlanned] = useState<PlannedRun | null>(null);
  const open = (action: BulkAction) =>
    setPlanned({
      id: ++runCounter,
      action,
      items: selection.items.map(groupItem),
    });
  return (
    <div className="bulk-bar" role="group" aria-label="Bulk actions">
      <span className="bulk-bar__count">{plural(selection.items.length, 'group')} selected</span>
      {ACTIONS.map((action) => (
        <Button key={action} size="sm" onClick={() => open(action)}>
          {ACTION_LABELS[action]}…
        </Button>
      ))}
      <Button size="sm" variant="ghost" onClick={() => selection.clear()}>
        Clear selection
      </Button>
      {planned ? (
        <BulkRunDialog
          key={planned.id}
          action={planned.action}
          items={planned.items}
          onClose={(doneIds) => {
            setPlanned(null);
            selection.clear(doneIds);
          }}
        />
      ) : null}
    </div>
  );
}

function BulkRunDialog({
  action,
  items,
  onClose,
}: {
  action: BulkAction;
  items: readonly GroupItem[];
  onClose(doneIds: readonly string[]): void;
}) {
  const queryClient = useQueryClient();
  const [task] = useState(() => bulkTask(action));
  const { phase, results, counts, start, retryFailed, stop, unfinished } = useBulkRun({
    items,
    task,
  });
  const label = ACTION_LABELS[action];
  const lastPhase = useRef(phase);

  useEffect(() => {
    if (lastPhase.current === 'running' && phase === 'finished') {
      const message = `${ACTION_PAST[action]} ${formatCount(counts.done)} of ${plural(items.length, 'course group')}`;
      if (counts.failed + counts.pending > 0) {
        toast.warning(`${message}; ${formatCount(counts.failed + counts.pending)} not done`);
      } else toast.success(message);
      void queryClient.invalidateQueries({ queryKey: courseGroupQueries.all });
      void queryClient.invalidateQueries({ queryKey: courseQueries.all });
    }
    lastPhase.current = phase;
  }, [phase, counts, action, items.length, queryClient]);

  const close = () => {
    if (phase === 'running') return;
    const done = items
      .filter((item) => results.get(item.key)?.status === 'done')
      .map((item) => item.group.id);
    onClose(done);
  };

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent
        size="lg"
        locked={phase === 'running'}
        title={`${label} ${plural(items.length, 'course group')}`}
        description={
          phase === 'ready'
            ? describeBulk(action, items).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))
            : phase === 'running'
              ? 'Sending requests. Each group is marked done only when the API confirms it.'
              : 'Finished. Failed groups keep the exact message the API returned.'
        }
      >
        {phase === 'ready' ? (
          <ConfirmList items={items} />
        ) : (
          <BulkProgress items={items} results={results} noun="course groups" />
        )}
        <div className="dialog__actions">
          {phase === 'ready' ? (
            <>
              <Button onClick={close}>Cancel</Button>
              <Button
                variant={action === 'archive' || action === 'unpublish' ? 'danger' : 'primary'}
                onClick={() => void start()}
              >
                {label} {plural(items.length, 'group')}
              </Button>
            </>
          ) : phase === 'running' ? (
            <Button variant="danger" onClick={stop}>
              Stop
            </Button>
          ) : (
            <>
              {unfinished.length > 0 ? (
                <Button variant="primary" onClick={() => void retryFailed()}>
                  Retry {formatCount(unfinished.length)} failed
                </Button>
              ) : null}
              <Button onClick={close}>Close</Button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ConfirmList({ items }: { items: readonly GroupItem[] }) {
  const shown = items.slice(0, 8);
  return (
    <ul className="confirm-list" aria-label="Selected course groups">
      {shown.map((item) => (
        <li key={item.key}>{item.title}</li>
      ))}
      {items.length > shown.length ? (
        <li className="muted">and {formatCount(items.length - shown.length)} more</li>
      ) : null}
    </ul>
  );
}
