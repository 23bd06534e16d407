// A virtualized table body: only the rows in view (plus overscan) exist in the DOM, so 10,000 loaded
// rows scroll like 30. Rows have one fixed height, which keeps measuring out of the scroll path.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';

/** Row heights; the same values as `--row-height` in the stylesheets (the course-group tables stack below 760 px). */
export const ROW_HEIGHT = 44;
export const STACKED_ROW_HEIGHT = 92;
/** Start loading the next page this many rows before the end of what is loaded. */
const PREFETCH_ROWS = 25;

export interface VirtualRowsProps {
  label: string;
  className: string;
  count: number;
  /** Total rows that exist (loaded or not), for aria-rowcount. */
  totalCount: number;
  header: ReactNode;
  renderRow(index: number, start: number): ReactNode;
  /** Called when the user scrolls near the last loaded row. */
  onNearEnd?: () => void;
  footer?: ReactNode;
  /** Height of every row (px); a stacked phone layout passes a taller one. */
  rowHeight?: number;
}

export function VirtualRows({
  label,
  className,
  count,
  totalCount,
  header,
  renderRow,
  onNearEnd,
  footer,
  rowHeight = ROW_HEIGHT,
}: VirtualRowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions by design.
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  // A new height re-measures every row (the layout switched between phone and desk).
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : -1;

  useEffect(() => {
    // Also with no row shown (every loaded row filtered out): look further.
    if (onNearEnd && lastIndex >= count - 1 - PREFETCH_ROWS) onNearEnd();
  }, [lastIndex, count, onNearEnd]);

  return (
    <div
      className={`vtable ${className}`}
      role="table"
      aria-label={label}
      aria-rowcount={totalCount + 1}
      style={
        rowHeight === ROW_HEIGHT
          ? undefined
          : ({ '--row-height': `${rowHeight}px` } as CSSProperties)
      }
    >
      <div role="rowgroup" className="vtable__head">
        {header}
      </div>
      <div ref={scrollRef} className="vtable__scroll" data-testid="vtable-scroll">
        <div
          role="rowgroup"
          className="vtable__body"
          // Height and row offsets are computed per scroll; set through CSSOM, which the CSP allows.
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => renderRow(item.index, item.start))}
        </div>
        {footer ? (
          // Inside the table, so it must be a row itself (status text and the load-more control).
          <div role="rowgroup" className="vtable__foot">
            <div role="row">
              <div role="cell">{footer}</div>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
