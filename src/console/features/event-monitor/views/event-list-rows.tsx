// The event list's rows, virtualized: only the rows in view (plus overscan) exist in the DOM, so 100,000
// loaded events scroll like 30. Its own module (the row, TanStack Virtual, the names and words a row
// shows: about 13 KB gzip), which event-list.tsx loads as it mounts.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, type RefObject } from 'react';
import type { StoredEvent } from '../data/event-model.ts';
import type { MonitorSnapshot } from '../data/event-store.ts';
import { EventRow } from './event-row.tsx';

export interface EventListRowsProps {
  scrollRef: RefObject<HTMLDivElement | null>;
  snapshot: MonitorSnapshot;
  rowHeight: number;
  overscan: number;
  rowId(seq: number): string;
  activeIndex: number;
  onOpen(item: StoredEvent): void;
  onActivate(seq: number): void;
  /** The first and last row drawn, reported before the frame paints. */
  onRange(first: number, last: number): void;
}

const MemoRow = memo(EventRow);

export function EventListRows({
  scrollRef,
  snapshot,
  rowHeight,
  overscan,
  rowId,
  activeIndex,
  onOpen,
  onActivate,
  onRange,
}: EventListRowsProps) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions by design.
  const virtualizer = useVirtualizer({
    count: snapshot.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    // Where the list already is: TanStack Virtual reads the offset only on the next scroll event.
    initialOffset: () => scrollRef.current?.scrollTop ?? 0,
    // Index keys (the default) keep the virtualizer's measurements cached while scrolling; rows are
    // memoized on the event they show, so a row re-renders only when its event changes.
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? -1;
  const last = items.length > 0 ? items[items.length - 1]!.index : -1;
  useLayoutEffect(() => onRange(first, last), [first, last, onRange]);
  return (
    <>
      {items.map((item) => {
        const stored = snapshot.at(item.index);
        return (
          <MemoRow
            key={item.index}
            item={stored}
            id={rowId(stored.seq)}
            start={item.start}
            position={item.index + 1}
            setSize={snapshot.count}
            active={item.index === activeIndex}
            onOpen={onOpen}
            onActivate={onActivate}
          />
        );
      })}
    </>
  );
}
