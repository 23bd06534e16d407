// The virtualized body of VirtualRows: only the rows in view (plus overscan) exist in the DOM, so 10,000
// loaded rows scroll like 30. Its own module: TanStack Virtual (10 KB gzip) loads after the first rows
// have shown (virtual-rows.tsx).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type ReactNode, type RefObject } from 'react';

export interface VirtualBodyProps {
  scrollRef: RefObject<HTMLDivElement | null>;
  count: number;
  rowHeight: number;
  overscan: number;
  renderRow(index: number, start: number): ReactNode;
  /** The last row index rendered, for VirtualRows' look-ahead. */
  onLastIndex(index: number): void;
}

export function VirtualBody({
  scrollRef,
  count,
  rowHeight,
  overscan,
  renderRow,
  onLastIndex,
}: VirtualBodyProps) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions by design.
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    // Where the list already is: it may have been scrolled before this code arrived (virtual-rows.tsx),
    // and TanStack Virtual reads the offset only on the next scroll event.
    initialOffset: () => scrollRef.current?.scrollTop ?? 0,
  });
  // A new height re-measures every row (the layout switched between phone and desk).
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : -1;
  useEffect(() => onLastIndex(lastIndex), [lastIndex, onLastIndex]);
  return (
    <div
      role="rowgroup"
      className="vtable__body"
      // Height and row offsets are computed per scroll; set through CSSOM, which the CSP allows.
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => renderRow(item.index, item.start))}
    </div>
  );
}
