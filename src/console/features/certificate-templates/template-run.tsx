// A send of certificate templates under way: its button, then the bulk run's progress and results. Loaded
// after the page's first content (templates-page.tsx), since nothing shows it before a send.
import { useMemo } from 'react';
import { BulkRunView } from '../../components/bulk-run-view.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { BulkItemResult } from '../../lib/bulk/bulk-runner.ts';
import { useBulkRun } from '../../lib/bulk/use-bulk-run.ts';
import { plural } from '../../lib/format.ts';
import type { TemplateMode } from './template-model.ts';
import { templateTask, type SavedTemplate, type TemplateItem } from './template-task.ts';

export function TemplateRun({
  mode,
  items,
  onSaved,
  onClose,
}: {
  mode: TemplateMode;
  items: readonly TemplateItem[];
  onSaved(item: TemplateItem, template: SavedTemplate): void;
  onClose(doneKeys: ReadonlySet<string>): void;
}) {
  const task = useMemo(() => templateTask(mode, onSaved), [mode, onSaved]);
  const run = useBulkRun({ items, task });
  const { phase, results } = run;
  const doneKeys = (all: ReadonlyMap<string, BulkItemResult>) =>
    new Set([...all].filter(([, result]) => result.status === 'done').map(([key]) => key));
  return (
    <div className="templates__run">
      {phase === 'ready' ? (
        <div className="panel__actions">
          <Button variant="primary" onClick={() => void run.start()}>
            Send {plural(items.length, 'template')}
          </Button>
          <Button onClick={() => onClose(new Set())}>Back to editing</Button>
        </div>
      ) : (
        <>
          <BulkRunView run={run} noun="templates" onClose={() => onClose(doneKeys(results))} />
        </>
      )}
    </div>
  );
}
