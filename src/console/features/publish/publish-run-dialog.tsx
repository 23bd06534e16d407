// One publish action over selected course groups: read the current statuses, show what would happen
// to each group and course (items that make no sense are not sent, with the reason; the user may
// deselect others), then run it on the shared bulk runner with per-item results.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BulkRunView } from '../../components/bulk-run-view.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { toast } from '../../components/ui/toast.tsx';
import type { SkippedItem } from '../../lib/bulk/bulk-runner.ts';
import { useBulkRun } from '../../lib/bulk/use-bulk-run.ts';
import { formatCount, plural } from '../../lib/format.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { courseQueries } from '../../lib/queries/courses.ts';
import { ACTION_LABELS } from './action-labels.ts';
import { ACTION_PAST, DESELECTED_REASON, describePlan, itemNoun } from './bulk-copy.ts';
import { bulkTask } from './bulk-tasks.ts';
import { PlanList } from './plan-list.tsx';
import {
  planAction,
  type PublishAction,
  type PublishItem,
  type PublishPlan,
} from './publish-plan.ts';
import { checkGroups, type CheckedGroup, type GroupCheck } from './status-check.ts';

export interface PublishTarget {
  id: string;
  title: string;
}

export interface PublishRunDialogProps {
  action: PublishAction;
  targets: readonly PublishTarget[];
  /** Closes the dialog; `settledGroupIds` are groups with nothing left to do (for the selection). */
  onClose(settledGroupIds: readonly string[]): void;
  /** Publish: restore these archived groups as a step of its own. */
  onRestoreFirst?(groups: readonly CheckedGroup[]): void;
}

type Stage =
  | { name: 'checking'; checked: number }
  | { name: 'ready'; plan: PublishPlan }
  | {
      name: 'run';
      plan: PublishPlan;
      items: readonly PublishItem[];
      skipped: readonly SkippedItem<PublishItem>[];
    };

export function PublishRunDialog({
  action,
  targets,
  onClose,
  onRestoreFirst,
}: PublishRunDialogProps) {
  const [stage, setStage] = useState<Stage>({ name: 'checking', checked: 0 });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [running, setRunning] = useState(false);
  const [checkRound, setCheckRound] = useState(0);
  const settled = useRef<readonly string[]>([]);
  const label = ACTION_LABELS[action];

  useEffect(() => {
    const abort = new AbortController();
    void checkGroups(targets, {
      signal: abort.signal,
      onChecked: (checked) => setStage({ name: 'checking', checked }),
    })
      .then((checks: GroupCheck[]) => {
        if (abort.signal.aborted) return;
        const plan = planAction(action, checks);
        setSelected(new Set(plan.items.map((item) => item.key)));
        setStage({ name: 'ready', plan });
      })
      .catch(() => undefined);
    return () => abort.abort(new DOMException('Closed', 'AbortError'));
  }, [action, targets, checkRound]);

  const close = () => {
    if (running) return;
    onClose(settled.current);
  };

  const confirm = (plan: PublishPlan) => {
    const items = plan.items.filter((item) => selected.has(item.key));
    const deselected = plan.items
      .filter((item) => !selected.has(item.key))
      .map((item) => ({ item, reason: DESELECTED_REASON }));
    setStage({ name: 'run', plan, items, skipped: [...plan.skipped, ...deselected] });
  };

  const title = `${label} ${plural(targets.length, 'course group')}`;
  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent
        size="lg"
        locked={running}
        title={title}
        description={
          stage.name === 'checking'
            ? 'Reading the current status of each group and its courses before anything is sent.'
            : stage.name === 'ready'
              ? describePlan(stage.plan, selected.size).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))
              : running
                ? 'Sending requests. Each item is marked done only when the API confirms it.'
                : 'Finished. Failed items keep the exact message the API returned.'
        }
      >
        {stage.name === 'checking' ? (
          <CheckingProgress checked={stage.checked} total={targets.length} onCancel={close} />
        ) : stage.name === 'ready' ? (
          <>
            <PlanList
              plan={stage.plan}
              selected={selected}
              onToggle={(key, included) =>
                setSelected((previous) => {
                  const next = new Set(previous);
                  if (included) next.add(key);
                  else next.delete(key);
                  return next;
                })
              }
            />
            <div className="dialog__actions">
              <Button onClick={close}>Cancel</Button>
              <Button
                onClick={() => {
                  setStage({ name: 'checking', checked: 0 });
                  setCheckRound((round) => round + 1);
                }}
              >
                Check again
              </Button>
              {onRestoreFirst && stage.plan.archivedGroups.length > 0 ? (
                <Button onClick={() => onRestoreFirst(stage.plan.archivedGroups)}>
                  Restore {plural(stage.plan.archivedGroups.length, 'archived group')} first…
                </Button>
              ) : null}
              <Button
                variant={action === 'archive' || action === 'unpublish' ? 'danger' : 'primary'}
                disabled={selected.size === 0}
                onClick={() => confirm(stage.plan)}
              >
                {label} {itemNoun(action, selected.size)}
              </Button>
            </div>
          </>
        ) : (
          <PublishRun
            action={action}
            items={stage.items}
            skipped={stage.skipped}
            targets={targets}
            onRunning={setRunning}
            onSettled={(ids) => (settled.current = ids)}
            onClose={close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CheckingProgress({
  checked,
  total,
  onCancel,
}: {
  checked: number;
  total: number;
  onCancel(): void;
}) {
  return (
    <>
      <div className="bulk-progress__summary">
        <label className="bulk-progress__bar">
          <span className="visually-hidden">Statuses read</span>
          <progress value={checked} max={Math.max(total, 1)} />
        </label>
        <p role="status" aria-live="polite">
          Checked {formatCount(checked)} of {plural(total, 'group')}…
        </p>
      </div>
      <div className="dialog__actions">
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </>
  );
}

function PublishRun({
  action,
  items,
  skipped,
  targets,
  onRunning,
  onSettled,
  onClose,
}: {
  action: PublishAction;
  items: readonly PublishItem[];
  skipped: readonly SkippedItem<PublishItem>[];
  targets: readonly PublishTarget[];
  onRunning(running: boolean): void;
  onSettled(groupIds: readonly string[]): void;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const [task] = useState(() => bulkTask(action));
  const run = useBulkRun({ items, skipped, task });
  const { phase, results, counts, allItems, start } = run;
  const started = useRef(false);
  const lastPhase = useRef(phase);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  useEffect(() => onRunning(phase === 'running'), [phase, onRunning]);

  const openGroups = useMemo(() => {
    const open = new Set<string>();
    for (const item of allItems) {
      const status = results.get(item.key)?.status;
      if (status === 'failed' || status === 'pending' || status === 'running')
        open.add(item.groupId);
    }
    return open;
  }, [allItems, results]);

  useEffect(() => {
    onSettled(targets.map((target) => target.id).filter((id) => !openGroups.has(id)));
  }, [targets, openGroups, onSettled]);

  useEffect(() => {
    if (lastPhase.current === 'running' && phase === 'finished') {
      const sent = counts.total - counts.skipped;
      const notDone = counts.failed + counts.pending;
      const message = `${ACTION_PAST[action]} ${formatCount(counts.done)} of ${itemNoun(action, sent)}${
        counts.skipped > 0 ? ` (${formatCount(counts.skipped)} not sent)` : ''
      }`;
      if (notDone > 0) toast.warning(`${message}; ${formatCount(notDone)} not done`);
      else toast.success(message);
      void queryClient.invalidateQueries({ queryKey: courseGroupQueries.all });
      void queryClient.invalidateQueries({ queryKey: courseQueries.all });
    }
    lastPhase.current = phase;
  }, [phase, counts, action, queryClient]);

  return (
    <>
      <BulkRunView
        run={run}
        noun={action === 'archive' || action === 'restore' ? 'course groups' : 'courses'}
        onClose={onClose}
        inDialog
      />
    </>
  );
}
