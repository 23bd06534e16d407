// A virtualized table body: only the rows in view (plus overscan) exist in the DOM, so 10,000 loaded
// rows scroll like 30. Rows have one fixed height, which keeps measuring out of the scroll path.
// The virtualizer (virtual-body.tsx) loads after the page's first content: until then the rows a
// virtualizer would show at the top (the view's height of them, plus overscan) are drawn at the same
// places, in a body of the same height, so nothing moves when it takes over.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useAfterFirstContent } from '../lib/use-after-first-content.ts';

/** Row heights; the same values as `--row-height` in the stylesheets (the course-group tables stack below 760 px). */
export const ROW_HEIGHT = 44;
export const STACKED_ROW_HEIGHT = 92;
/** Start loading the next page this many rows before the end of what is loaded. */
const PREFETCH_ROWS = 25;
/** Rows drawn beyond the view, either side. */
const OVERSCAN = 12;

type BodyModule = typeof import('./virtual-body.tsx');
let bodyModule: BodyModule | null = null;
const loadBody = () => import('./virtual-body.tsx').then((module) => (bodyModule = module));

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
  const late = useAfterFirstContent();
  const [body, setBody] = useState(bodyModule);
  useEffect(() => {
    if (body || !late) return;
    let live = true;
    void loadBody().then((module) => live && setBody(module));
    return () => {
      live = false;
    };
  }, [body, late]);

  const [lastIndex, setLastIndex] = useState(-1);
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
        {body ? (
          <body.VirtualBody
            scrollRef={scrollRef}
            count={count}
            rowHeight={rowHeight}
            overscan={OVERSCAN}
            renderRow={renderRow}
            onLastIndex={setLastIndex}
          />
        ) : (
          <FirstRows
            count={count}
            rowHeight={rowHeight}
            renderRow={renderRow}
            onLastIndex={setLastIndex}
          />
        )}
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

/** The rows a virtualizer shows at the top of the list, where it would put them, until it has loaded. */
function FirstRows({
  count,
  rowHeight,
  renderRow,
  onLastIndex,
}: {
  count: number;
  rowHeight: number;
  renderRow(index: number, start: number): ReactNode;
  onLastIndex(index: number): void;
}) {
  // The view's height as a ResizeObserver reports it, after the frame's own layout and before its
  // paint. Until then the window's height stands in (the view is never taller), so the first commit
  // reads no layout: reading clientHeight in a layout effect forced the page's first layout in the
  // middle of the commit, then a second render and layout before the first paint (as course-tree.tsx).
  // The view is this body's parent: its ref (the parent's) is not attached yet when this child's
  // layout effect runs.
  const bodyRef = useRef<HTMLDivElement>(null);
  const [viewHeight, setViewHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const view = bodyRef.current?.parentElement;
    if (!view) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setViewHeight(Math.round(entry.contentRect.height));
    });
    observer.observe(view);
    return () => observer.disconnect();
  }, []);
  const shown = Math.min(
    count,
    Math.ceil((viewHeight ?? window.innerHeight) / rowHeight) + OVERSCAN,
  );
  // The look-ahead counts only the rows the measured view shows.
  useEffect(() => {
    if (viewHeight !== null) onLastIndex(shown - 1);
  }, [onLastIndex, shown, viewHeight]);
  return (
    <div
      ref={bodyRef}
      role="rowgroup"
      className="vtable__body"
      style={{ height: count * rowHeight }}
    >
      {Array.from({ length: shown }, (_, index) => renderRow(index, index * rowHeight))}
    </div>
  );
}
