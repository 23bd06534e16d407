// The price grid: every course (or those the filters leave) with its current price, a box for the new
// one, the change it makes and the result of the last run. Virtual rows, so 10,000 courses scroll like
// 30. Pasting several lines into a price box fills the boxes below it (a column from a spreadsheet), or
// applies `SKU or id, price` rows when the lines have two columns.
import { memo, type ClipboardEvent } from 'react';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { VirtualRows } from '../../components/virtual-rows.tsx';
import type { BulkItemResult } from '../../lib/bulk/bulk-runner.ts';
import { formatCount } from '../../lib/format.ts';
import { formatCents, formatCentsDelta } from '../../lib/money.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { checkEdit, type PriceEdits, type PricedCourse } from './price-model.ts';

const COLUMNS = ['Course', 'SKU', 'Status', 'Current price', 'New price', 'Change', 'Result'];

export interface PriceGridProps {
  courses: readonly PricedCourse[];
  edits: PriceEdits;
  results: ReadonlyMap<string, BulkItemResult> | null;
  /** Null: prices are shown, not edited (the role may not change them). */
  onEdit: ((courseId: string, text: string) => void) | null;
  /** Several lines pasted into the box of row `index`. */
  onPasteLines(index: number, text: string): void;
  locked: boolean;
}

export function PriceGrid({
  courses,
  edits,
  results,
  onEdit,
  onPasteLines,
  locked,
}: PriceGridProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const columns = onEdit ? COLUMNS : COLUMNS.filter((c) => c !== 'New price' && c !== 'Change');
  return (
    <VirtualRows
      label="Course prices"
      className={`vtable--prices${onEdit ? '' : ' vtable--prices-readonly'} vtable--stacks`}
      count={courses.length}
      totalCount={courses.length}
      rowHeight={phone ? (onEdit ? 118 : 76) : undefined}
      header={
        <div role="row" aria-rowindex={1} className="vtable__row vtable__row--head">
          {columns.map((column) => (
            <div key={column} role="columnheader" className="cell">
              {column}
            </div>
          ))}
        </div>
      }
      renderRow={(index, start) => {
        const course = courses[index]!;
        return (
          <PriceRow
            key={course.id}
            index={index}
            start={start}
            course={course}
            text={edits[course.id]}
            result={results?.get(course.id)}
            onEdit={onEdit}
            onPasteLines={onPasteLines}
            locked={locked}
          />
        );
      }}
      footer={
        <div className="list-footer list-footer--end">
          {formatCount(courses.length)} {courses.length === 1 ? 'course' : 'courses'}
        </div>
      }
    />
  );
}

const RESULT_BADGES = {
  pending: { label: 'Not sent', tone: 'muted' },
  running: { label: 'Sending…', tone: 'info' },
  done: { label: 'Saved', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  skipped: { label: 'Skipped', tone: 'warning' },
} as const;

interface PriceRowProps {
  index: number;
  start: number;
  course: PricedCourse;
  text: string | undefined;
  result: BulkItemResult | undefined;
  onEdit: PriceGridProps['onEdit'];
  onPasteLines: PriceGridProps['onPasteLines'];
  locked: boolean;
}

/** Memoized: typing in one box re-renders that row only. */
const PriceRow = memo(function PriceRow({
  index,
  start,
  course,
  text,
  result,
  onEdit,
  onPasteLines,
  locked,
}: PriceRowProps) {
  const checked = text === undefined ? null : checkEdit(course, text);
  const errorId = `price-error-${course.id}`;
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!/[\n\t]/.test(pasted.trim())) return;
    event.preventDefault();
    onPasteLines(index, pasted);
  };
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`vtable__row${checked?.kind === 'change' ? ' vtable__row--changed' : ''}${checked?.kind === 'invalid' ? ' vtable__row--invalid' : ''}`}
      style={{ transform: `translateY(${start}px)` }}
      data-course={course.id}
    >
      <div role="cell" className="cell cell--title" title={course.title}>
        {course.title}
      </div>
      <div role="cell" className="cell cell--mono cell--sku" title={course.sku ?? undefined}>
        {course.sku ?? '—'}
      </div>
      <div role="cell" className="cell cell--status">
        <StatusBadge status={course.status} />
      </div>
      <div role="cell" className="cell cell--money">
        <span className="price-label">Now </span>
        {formatCents(course.priceInCents)}
      </div>
      {onEdit ? (
        <>
          <div role="cell" className="cell cell--input">
            <input
              className="input input--price"
              inputMode="decimal"
              aria-label={`New price of ${course.title}`}
              aria-invalid={checked?.kind === 'invalid' ? true : undefined}
              aria-describedby={checked?.kind === 'invalid' ? errorId : undefined}
              placeholder="—"
              value={text ?? ''}
              readOnly={locked}
              onChange={(event) => onEdit(course.id, event.target.value)}
              onPaste={onPaste}
            />
          </div>
          <div role="cell" className="cell cell--change">
            {checked?.kind === 'change' ? (
              <span className={checked.delta > 0 ? 'delta delta--up' : 'delta delta--down'}>
                {formatCentsDelta(checked.delta)}
              </span>
            ) : checked?.kind === 'same' ? (
              <span className="muted">No change</span>
            ) : checked?.kind === 'invalid' ? (
              <span className="field__error" id={errorId}>
                {checked.message}
              </span>
            ) : null}
          </div>
        </>
      ) : null}
      <div role="cell" className="cell cell--result">
        {result ? (
          <span title={[result.reason, ...result.messages].filter(Boolean).join(' ') || undefined}>
            <Badge tone={RESULT_BADGES[result.status].tone}>
              {RESULT_BADGES[result.status].label}
            </Badge>
          </span>
        ) : null}
      </div>
    </div>
  );
});
