// The virtualized list, newest first: only the rows in view exist in the DOM, so 100,000 loaded events
// scroll like 30. Keyboard: the list is one tab stop (a listbox); arrows, Page Up/Down, Home and End move
// the active row, Enter opens it. Reading older rows is not disturbed by new ones arriving on top: the
// scroll position is shifted by exactly the rows added above.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { StoredEvent } from '../data/event-model.ts';
import type { MonitorSnapshot } from '../data/event-store.ts';
import { EventRow, ROW_HEIGHT } from './event-row.tsx';
import { visibleRange } from '../data/monitor-instance.ts';

const NEAR_END_ROWS = 30;

export interface EventListProps {
  snapshot: MonitorSnapshot;
  onOpen(item: StoredEvent): void;
  /** The user is close to the oldest shown row: load older history. */
  onNearEnd(): void;
  footer: React.ReactNode;
  label: string;
}

export function EventList({ snapshot, onOpen, onNearEnd, footer, label }: EventListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeSeq, setActiveSeq] = useState<number | null>(null);
  const previous = useRef<{ topSeq: number | null; count: number }>({ topSeq: null, count: 0 });
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions by design.
  const virtualizer = useVirtualizer({
    count: snapshot.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Index keys (the default) keep the virtualizer's measurements cached while scrolling; rows are
    // memoized on the event they show, so a row re-renders only when its event changes.
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? -1;
  const last = items.length > 0 ? items[items.length - 1]!.index : -1;

  // New rows on top while the reader is further down: keep their rows where they are.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const before = previous.current;
    const topSeq = snapshot.count > 0 ? snapshot.at(0).seq : null;
    previous.current = { topSeq, count: snapshot.count };
    if (!element || before.topSeq === null || topSeq === before.topSeq) return;
    const added = snapshot.newerThan(before.topSeq);
    // Only when the old top row is still there (a new filter is a new list, not new rows).
    if (added === 0 || indexOfSeq(snapshot, before.topSeq) !== added) return;
    if (element.scrollTop > 0) element.scrollTop += added * ROW_HEIGHT;
  }, [snapshot]);

  // Asked again whenever the rows in view, the list's length, how far back it is complete or the
  // filter change: a new filter whose first view has as many rows as the last one's still needs its
  // own history (the relay's newest page may hold none of its events).
  useEffect(() => {
    if (snapshot.ready && last >= snapshot.count - 1 - NEAR_END_ROWS) onNearEnd();
  }, [last, snapshot.count, snapshot.ready, snapshot.floor, snapshot.filterKey, onNearEnd]);

  // The chart marks the time span of the rows in view (a store of its own: no page re-render).
  useEffect(() => {
    if (first < 0 || last < 0 || last >= snapshot.count) return visibleRange.set(null);
    visibleRange.set({
      newest: snapshot.at(first).event.timestamp,
      oldest: snapshot.at(last).event.timestamp,
    });
  }, [first, last, snapshot]);

  const activeIndex = activeSeq === null ? -1 : indexOfSeq(snapshot, activeSeq);

  const moveTo = (index: number) => {
    if (snapshot.count === 0) return;
    const target = Math.max(0, Math.min(snapshot.count - 1, index));
    setActiveSeq(snapshot.at(target).seq);
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(
      1,
      Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1,
    );
    const from = activeIndex < 0 ? -1 : activeIndex;
    const moves: Record<string, () => void> = {
      ArrowDown: () => moveTo(from + 1),
      ArrowUp: () => moveTo(from - 1),
      PageDown: () => moveTo(from + page),
      PageUp: () => moveTo(from - page),
      Home: () => moveTo(0),
      End: () => moveTo(snapshot.count - 1),
      Enter: () => activeIndex >= 0 && onOpen(snapshot.at(activeIndex)),
      ' ': () => activeIndex >= 0 && onOpen(snapshot.at(activeIndex)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const activeId = activeIndex >= 0 ? rowId(snapshot.at(activeIndex).seq) : undefined;

  return (
    <div ref={scrollRef} className="em-list" data-testid="event-list-scroll">
      <div
        role="listbox"
        className="em-list__body"
        aria-label={label}
        tabIndex={0}
        aria-activedescendant={
          activeId && items.some((item) => item.index === activeIndex) ? activeId : undefined
        }
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (activeIndex < 0 && snapshot.count > 0)
            setActiveSeq(snapshot.at(Math.max(first, 0)).seq);
        }}
        data-testid="event-list"
        data-count={snapshot.count}
        // Height and offsets change on every scroll: set through CSSOM, which the CSP allows.
        style={{ height: virtualizer.getTotalSize() }}
      >
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
              onActivate={setActiveSeq}
            />
          );
        })}
      </div>
      {footer}
    </div>
  );
}

const MemoRow = memo(EventRow);

const rowId = (seq: number) => `em-row-${seq}`;

function indexOfSeq(snapshot: MonitorSnapshot, seq: number): number {
  const index = snapshot.newerThan(seq);
  return index < snapshot.count && snapshot.at(index).seq === seq ? index : -1;
}
