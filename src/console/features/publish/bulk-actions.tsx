// Bulk publish / unpublish / archive / restore of the groups selected in the browser (admins only).
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import type { BulkSelection } from '../../lib/bulk-selection.ts';
import { plural } from '../../lib/format.ts';
import type { PublishAction } from '#contract/publish-rules.ts';
import { ACTION_LABELS } from './action-labels.ts';
import type { PublishTarget } from './publish-run-dialog.tsx';

// The run (status checks, plan, runner, progress view) loads when an action is first chosen.
const PublishRunDialog = lazy(() =>
  import('./publish-run-dialog.tsx').then((module) => ({ default: module.PublishRunDialog })),
);

const ACTIONS: readonly PublishAction[] = ['publish', 'unpublish', 'archive', 'restore'];
let runCounter = 0;

interface PlannedRun {
  id: number;
  action: PublishAction;
  targets: readonly PublishTarget[];
  /** A restore offered as the first step of a publish: its groups stay selected for the publish. */
  keepSelection: boolean;
}

export function BulkActions({ selection }: { selection: BulkSelection }) {
  const [planned, setPlanned] = useState<PlannedRun | null>(null);
  const open = (action: PublishAction) =>
    setPlanned({
      id: ++runCounter,
      action,
      targets: selection.items.map(({ id, title }) => ({ id, title })),
      keepSelection: false,
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
        <Suspense fallback={null}>
          <PublishRunDialog
            key={planned.id}
            action={planned.action}
            targets={planned.targets}
            onClose={(settledIds) => {
              setPlanned(null);
              if (!planned.keepSelection) selection.clear(settledIds);
            }}
            onRestoreFirst={(groups) =>
              setPlanned({
                id: ++runCounter,
                action: 'restore',
                targets: groups.map(({ id, title }) => ({ id, title })),
                keepSelection: true,
              })
            }
          />
        </Suspense>
      ) : null}
    </div>
  );
}
