// The progress view of every bulk run: a bar, the counts, and the items in separate lists for failed
// (with the API's exact messages and status), not yet done, skipped (with the reason) and done.
// Nothing is listed as done unless the API confirmed it.
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  PENDING,
  countResults,
  type BulkItem,
  type BulkItemResult,
  type BulkItemStatus,
} from '../lib/bulk/bulk-runner.ts';
import { formatCount } from '../lib/format.ts';
import { useThrottleNotices } from '../lib/throttle-store.ts';
import { Badge, type Tone } from './ui/badge.tsx';
import { BulkResultMessages } from './bulk-result-messages.tsx';

const BADGES: Record<BulkItemStatus, { label: string; tone: Tone }> = {
  pending: { label: 'Not sent', tone: 'muted' },
  running: { label: 'Sending…', tone: 'info' },
  done: { label: 'Done', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  skipped: { label: 'Skipped', tone: 'warning' },
};

type SectionKey = 'failed' | 'open' | 'skipped' | 'done';
const SECTIONS: readonly { key: SectionKey; title: string }[] = [
  { key: 'failed', title: 'Failed' },
  { key: 'open', title: 'Not done yet' },
  { key: 'skipped', title: 'Skipped' },
  { key: 'done', title: 'Done' },
];
const sectionOf = (status: BulkItemStatus): SectionKey =>
  status === 'pending' || status === 'running' ? 'open' : status;

export interface BulkProgressProps<T extends BulkItem> {
  items: readonly T[];
  results: ReadonlyMap<string, BulkItemResult>;
  /** Names the lists for screen readers, e.g. "course groups". */
  noun?: string;
  /** Extra line under an item's title (e.g. "old price → new price"). */
  renderDetail?(item: T): ReactNode;
  /** At most this many items listed per section (thousands of rows stay light); the rest are counted. */
  listLimit?: number;
  /** Said after the count of unlisted items, e.g. "the grid shows every one". */
  unlistedNote?: string;
}

export function BulkProgress<T extends BulkItem>({
  items,
  results,
  noun = 'items',
  renderDetail,
  listLimit = Infinity,
  unlistedNote,
}: BulkProgressProps<T>) {
  const idPrefix = useId();
  const counts = countResults(items.map((item) => results.get(item.key) ?? PENDING));
  const grouped = new Map<SectionKey, T[]>(SECTIONS.map(({ key }) => [key, []]));
  for (const item of items)
    grouped.get(sectionOf(results.get(item.key)?.status ?? 'pending'))!.push(item);
  return (
    <div className="bulk-progress">
      <div className="bulk-progress__summary">
        <label className="bulk-progress__bar">
          <span className="visually-hidden">Progress</span>
          <progress value={counts.settled} max={Math.max(counts.total, 1)} />
        </label>
        <p role="status" aria-live="polite" data-testid="bulk-summary">
          {formatCount(counts.settled)} of {formatCount(counts.total)} settled ·{' '}
          {formatCount(counts.done)} done · {formatCount(counts.failed)} failed
          {counts.skipped > 0 ? ` · ${formatCount(counts.skipped)} skipped` : ''}
        </p>
        {counts.running > 0 ? <ThrottleLine /> : null}
      </div>
      {/* Scrolls when long: focusable, so the keyboard can scroll it too. */}
      <div
        className="bulk-progress__sections"
        tabIndex={0}
        role="region"
        aria-label={`Results per ${noun.replace(/s$/, '')}`}
      >
        {SECTIONS.map(({ key, title }) => {
          const shown = grouped.get(key)!;
          if (shown.length === 0) return null;
          const headingId = `${idPrefix}-${key}`;
          return (
            <section key={key} className="bulk-section" aria-labelledby={headingId}>
              <h3 className="bulk-section__title" id={headingId}>
                {title} ({formatCount(shown.length)})
              </h3>
              <ol className="bulk-progress__list" aria-label={`${title} ${noun}`}>
                {shown.slice(0, listLimit).map((item) => (
                  <BulkRow
                    key={item.key}
                    item={item}
                    result={results.get(item.key) ?? PENDING}
                    detail={renderDetail?.(item)}
                  />
                ))}
              </ol>
              {shown.length > listLimit ? (
                <p className="bulk-section__more">
                  and {formatCount(shown.length - listLimit)} more
                  {unlistedNote ? ` (${unlistedNote})` : ''}.
                </p>
              ) : null}
            </section>
          );
        })}
      </div>
    </div>
  );
}

function BulkRow({
  item,
  result,
  detail,
}: {
  item: BulkItem;
  result: BulkItemResult;
  detail: ReactNode;
}) {
  const badge = BADGES[result.status];
  return (
    <li className="bulk-item" data-status={result.status} data-key={item.key}>
      <span className="bulk-item__title">{item.title}</span>
      <Badge tone={badge.tone}>{badge.label}</Badge>
      {detail ? <div className="bulk-item__detail">{detail}</div> : null}
      {result.reason ? <p className="bulk-item__reason">{result.reason}</p> : null}
      <BulkResultMessages result={result} />
    </li>
  );
}

/** While the API client waits out a 429, say so and count down. */
function ThrottleLine() {
  const notices = useThrottleNotices();
  const [now, setNow] = useState(() => Date.now());
  const waiting = notices.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [waiting]);
  if (!waiting) return null;
  const retryAt = Math.max(...notices.map((notice) => notice.retryAt));
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  return (
    <p className="bulk-progress__throttle">
      The Content API asked to slow down (429): sending again in {seconds} s.
    </p>
  );
}
