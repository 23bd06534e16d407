// Per-item results of a bulk run: nothing is shown as done unless the API confirmed it.
import { useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { formatCount } from '../../lib/format.ts';
import type { BulkItem, ItemResult, ItemStatus } from './bulk-runner.ts';

const STATUS_BADGES: Record<
  ItemStatus,
  { label: string; tone: Parameters<typeof Badge>[0]['tone'] }
> = {
  pending: { label: 'Not sent', tone: 'muted' },
  running: { label: 'Sending…', tone: 'info' },
  succeeded: { label: 'Done', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  skipped: { label: 'Skipped', tone: 'warning' },
};

export function countByStatus(results: ReadonlyMap<string, ItemResult>) {
  const counts: Record<ItemStatus, number> = {
    pending: 0,
    running: 0,
    succeeded: 0,
    failed: 0,
    skipped: 0,
  };
  for (const result of results.values()) counts[result.status]++;
  return counts;
}

export function BulkProgress({
  items,
  results,
}: {
  items: readonly BulkItem[];
  results: ReadonlyMap<string, ItemResult>;
}) {
  const [failuresOnly, setFailuresOnly] = useState(false);
  const counts = countByStatus(results);
  const settled = counts.succeeded + counts.failed + counts.skipped;
  const shown = failuresOnly
    ? items.filter((item) => results.get(item.id)?.status === 'failed')
    : items;
  return (
    <div className="bulk-progress">
      <div className="bulk-progress__summary">
        <label className="bulk-progress__bar">
          <span className="visually-hidden">Progress</span>
          <progress value={settled} max={items.length} />
        </label>
        <p role="status" aria-live="polite" data-testid="bulk-summary">
          {formatCount(settled)} of {formatCount(items.length)} settled ·{' '}
          {formatCount(counts.succeeded)} done · {formatCount(counts.failed)} failed
          {counts.skipped > 0 ? ` · ${formatCount(counts.skipped)} skipped` : ''}
        </p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={failuresOnly}
            onChange={(event) => setFailuresOnly(event.target.checked)}
          />
          Show failures only
        </label>
      </div>
      <ol className="bulk-progress__list" aria-label="Results per course group">
        {shown.map((item) => {
          const result = results.get(item.id);
          const badge = STATUS_BADGES[result?.status ?? 'pending'];
          return (
            <li key={item.id} className="bulk-item" data-status={result?.status ?? 'pending'}>
              <span className="bulk-item__title">{item.title}</span>
              <Badge tone={badge.tone}>{badge.label}</Badge>
              {result && result.messages.length > 0 ? (
                <ul className="bulk-item__messages">
                  {result.messages.map((message, index) => (
                    <li key={index}>
                      {result.httpStatus ? (
                        <span className="bulk-item__status">HTTP {result.httpStatus}</span>
                      ) : null}
                      {message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
