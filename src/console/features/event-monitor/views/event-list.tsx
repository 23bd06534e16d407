// The virtualized list, newest first: only the rows in view exist in the DOM, so 100,000 loaded events
// scroll like 30. Keyboard: the list is one tab stop (a listbox); arrows, Page Up/Down, Home and End move
// the active row, Enter opens it. Reading older rows is not disturbed by new ones arriving on top: the
// scroll position is shifted by exactly the rows added above. The rows' code (event-list-rows.tsx: the
// row, the virtualizer, the names and words a row shows) loads as the list mounts, beside the feed's
// first page: a landing has no row to draw before both are here.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { lateModule } from '../../../components/late-component.tsx';
import { useLateModule } from '../../../components/late-module.ts';
import type { StoredEvent } from '../data/event-model.ts';
import type { MonitorSnapshot } from '../data/event-store.ts';
import { visibleRange } from '../data/monitor-instance.ts';

/** Every row's height: the same value as `.em-row`'s in event-monitor.css. */
const ROW_HEIGHT = 44;
const NEAR_END_ROWS = 30;
/** Rows drawn beyond the view, either side. */
const OVERSCAN = 10;

const rowsCode = lateModule(() => import('./event-list-rows.tsx'));

interface Range {
  first: number;
  last: number;
}
const NO_ROWS: Range = { first: -1, last: -1 };

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
  const rows = useLateModule(rowsCode, true);
  // The rows drawn (with the overscan), as the virtualizer reports them; none until it has loaded.
  const [drawn, setDrawn] = useState<Range>(NO_ROWS);
  const onRange = useCallback(
    (first: number, last: number) =>
      setDrawn((range) => (range.first === first && range.last === last ? range : { first, last })),
    [],
  );
  const { first, last } = rows ? drawn : NO_ROWS;

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
    if (scrollRef.current) scrollRowIntoView(scrollRef.current, target, snapshot.count);
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
          activeId && activeIndex >= first && activeIndex <= last ? activeId : undefined
        }
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (activeIndex < 0 && snapshot.count > 0)
            setActiveSeq(snapshot.at(Math.max(first, 0)).seq);
        }}
        data-testid="event-list"
        data-count={snapshot.count}
        // Every row is ROW_HEIGHT tall; the rows' offsets change on every scroll. Set through CSSOM,
        // which the CSP allows.
        style={{ height: snapshot.count * ROW_HEIGHT }}
      >
        {rows ? (
          <rows.EventListRows
            scrollRef={scrollRef}
            snapshot={snapshot}
            rowHeight={ROW_HEIGHT}
            overscan={OVERSCAN}
            rowId={rowId}
            activeIndex={activeIndex}
            onOpen={onOpen}
            onActivate={setActiveSeq}
            onRange={onRange}
          />
        ) : null}
      </div>
      {footer}
    </div>
  );
}

const rowId = (seq: number) => `em-row-${seq}`;

/**
 * Brings a row into view as TanStack Virtual's `scrollToIndex(index, { align: 'auto' })` does with
 * rows of one height: to its bottom edge if it is below the view (the end of the list for the last
 * row), to its top edge if above, else nowhere.
 */
function scrollRowIntoView(view: HTMLElement, index: number, count: number): void {
  const size = view.clientHeight;
  const offset = view.scrollTop;
  const max = view.scrollHeight - size;
  const start = index * ROW_HEIGHT;
  const end = start + ROW_HEIGHT;
  let to: number;
  if (end >= offset + size) to = index === count - 1 ? max : end - size;
  else if (start <= offset) to = start;
  else return;
  view.scrollTo({ top: Math.max(0, Math.min(max, to)) });
}

function indexOfSeq(snapshot: MonitorSnapshot, seq: number): number {
  const index = snapshot.newerThan(seq);
  return index < snapshot.count && snapshot.at(index).seq === seq ? index : -1;
}
