// The course outline: the draft's tree as a flat, virtualized, sortable list (dnd-kit's sortable tree
// pattern). Only rows on screen are mounted; the dragged row is always kept mounted. A drop goes
// through getProjection, which asks the compiler's level rule, so it lands only where its level is
// valid.
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { childKindOf, type TreeDraft } from '#compiler/index.ts';
import { describeProjection, TREE_INSTRUCTIONS } from './announce.ts';
import { flatten, removeDescendantsOf } from './flat-tree.ts';
import { getProjection, type Projection } from './projection.ts';
import { useEdgeScroll } from './use-edge-scroll.ts';
import { INDENT_PX, treeKeyboardCoordinates } from './keyboard.ts';
import { TreeRow, type RowActions } from './tree-row.tsx';

export const ROW_HEIGHT = 40;

export interface CourseTreeProps {
  draft: TreeDraft;
  collapsed: ReadonlySet<string>;
  selectedId: string | null;
  issues: ReadonlyMap<string, string>;
  actions: Omit<RowActions, 'focusRow'>;
  onMove(id: string, projection: Projection): void;
  /** A node to scroll to and focus (nonce: focus again even when the id is the same). */
  focus: { id: string; nonce: number } | null;
}

interface DragState {
  activeId: string;
  overId: string | null;
  offsetX: number;
  /** Where a pointer drag started (null for a keyboard drag): the outline scrolls at its edges. */
  pointer: { y: number } | null;
}

const LABEL = { section: 'section', lesson: 'lesson', topic: 'topic' } as const;

/** Focuses a row's title if the row is mounted; false when it is not (yet). */
function focusRow(id: string): boolean {
  const element = document.getElementById(`node-${id}`);
  element?.focus();
  return element !== null;
}

export const CourseTree = memo(function CourseTree({
  draft,
  collapsed,
  selectedId,
  issues,
  actions,
  onMove,
  focus,
}: CourseTreeProps) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const flat = useMemo(() => flatten(draft, collapsed), [draft, collapsed]);
  const items = useMemo(
    () => (drag ? removeDescendantsOf(flat, drag.activeId) : flat),
    [flat, drag?.activeId], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const projection =
    drag && drag.overId
      ? getProjection(draft, items, drag.activeId, drag.overId, drag.offsetX / INDENT_PX)
      : null;
  const scrollRef = useRef<HTMLDivElement>(null);
  const activeIndex = drag ? ids.indexOf(drag.activeId) : -1;

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // dnd-kit re-renders and re-measures every mounted row during a drag: mount few beyond the
    // view. One row is enough, as the edge scroll moves at most half a row per frame.
    overscan: 1,
    // Scrolling re-renders the outline with the next frame, together with dnd-kit's own update for
    // the same scroll (auto-scroll during a drag), instead of once more inside each scroll event.
    useFlushSync: false,
    getItemKey: (index) => ids[index]!,
    // The dragged row stays mounted while it is scrolled out of view, or dnd-kit would lose it.
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      return activeIndex >= 0 && !indexes.includes(activeIndex)
        ? [...indexes, activeIndex].sort((a, b) => a - b)
        : indexes;
    },
  });

  // Handlers and announcements read the latest list and virtualizer (dnd-kit's handlers run before
  // this component re-renders, and keep the first announcements object).
  const latest = useRef({ draft, items, projection });
  latest.current = { draft, items, projection };
  const virtualizerRef = useRef(virtualizer);
  virtualizerRef.current = virtualizer;

  // Focus moves to a row in the same commit that mounts it (layout effect), never frames later: a
  // deferred focus() took focus away from wherever the user had moved on to in the meantime (the
  // next "Add" button, the row an arrow key had just reached). A row off screen is scrolled in first,
  // and is focused only if focus is still where the request came from.
  const pendingFocus = useRef<{ id: string; from: Element | null } | null>(null);
  const requestFocus = useCallback((id: string) => {
    const index = latest.current.items.findIndex((item) => item.id === id);
    if (index < 0) return;
    virtualizerRef.current.scrollToIndex(index, { align: 'auto' });
    pendingFocus.current = focusRow(id) ? null : { id, from: document.activeElement };
  }, []);
  useLayoutEffect(() => {
    if (focus) requestFocus(focus.id);
  }, [focus, requestFocus]);
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || !document.getElementById(`node-${pending.id}`)) return;
    pendingFocus.current = null;
    const active = document.activeElement;
    if (active === pending.from || active === null || active === document.body)
      focusRow(pending.id);
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: treeKeyboardCoordinates }),
  );

  // Row actions plus keyboard focus movement over the flat list (rows off screen are scrolled in).
  const rowActions = useMemo<RowActions>(
    () => ({
      ...actions,
      focusRow: (id, to) => {
        const list = latest.current.items;
        const index = list.findIndex((item) => item.id === id);
        const target =
          to === 'first' ? 0 : to === 'last' ? list.length - 1 : Math.max(0, index + to);
        const next = list[Math.min(target, list.length - 1)];
        if (next) requestFocus(next.id);
      },
    }),
    [actions, requestFocus],
  );
  const announcements = useMemo<Announcements>(() => {
    const describe = (activeId: UniqueIdentifier, overId: UniqueIdentifier | undefined) => {
      const { draft: current, items: list } = latest.current;
      const id = String(activeId);
      const at = overId === undefined ? null : getProjection(current, list, id, String(overId), 0);
      return describeProjection(list, id, at);
    };
    return {
      onDragStart: ({ active }) => {
        const item = latest.current.items.find((i) => i.id === active.id);
        return `Picked up ${item ? `${item.kind} ${item.node.title}` : 'item'}.`;
      },
      onDragOver: ({ active, over }) => describe(active.id, over?.id),
      onDragEnd: ({ active, over }) =>
        over ? `Dropped. ${describe(active.id, over.id)}` : 'Dropped outside the outline.',
      onDragCancel: () => 'Moving cancelled.',
    };
  }, []);

  // Stable props: the outline re-renders on every scroll, and dnd-kit's context with it.
  const accessibility = useMemo(
    () => ({ announcements, screenReaderInstructions: { draggable: TREE_INSTRUCTIONS } }),
    [announcements],
  );
  const onDragCancel = useCallback(() => setDrag(null), []);

  const onDragStart = useCallback((event: DragStartEvent) => {
    const activator = event.activatorEvent;
    const pointer =
      activator && 'clientY' in activator ? { y: (activator as PointerEvent).clientY } : null;
    const id = String(event.active.id);
    setDrag({ activeId: id, overId: id, offsetX: 0, pointer });
  }, []);
  useEdgeScroll(scrollRef, drag?.pointer ?? null, ROW_HEIGHT / 2);
  const onDragMove = useCallback((event: DragMoveEvent) => {
    const overId = event.over ? String(event.over.id) : null;
    setDrag((current) =>
      current && (current.overId !== overId || current.offsetX !== event.delta.x)
        ? { ...current, overId, offsetX: event.delta.x }
        : current,
    );
  }, []);
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      setDrag(null);
      if (!event.over) return;
      const id = String(event.active.id);
      const final = getProjection(
        latest.current.draft,
        latest.current.items,
        id,
        String(event.over.id),
        event.delta.x / INDENT_PX,
      );
      if (final) onMove(id, final);
    },
    [onMove],
  );

  const status = drag ? describeProjection(items, drag.activeId, projection) : '';
  const rows = virtualizer.getVirtualItems();

  return (
    <DndContext
      sensors={sensors}
      autoScroll={false} // useEdgeScroll scrolls the outline, once per frame.
      collisionDetection={closestCenter}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragOver={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <p
        className={`tree-drop-status${projection || !drag ? '' : ' is-invalid'}`}
        aria-hidden="true"
      >
        {status || 'Drag a row by its handle, or focus the handle and press Space.'}
      </p>
      <div className="course-tree" ref={scrollRef} data-testid="course-tree">
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul
            className="course-tree__list"
            aria-label="Course outline"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {rows.map((row) => {
              const item = items[row.index]!;
              const kind = childKindOf(draft, item.node);
              return (
                <li
                  key={row.key}
                  className="course-tree__item"
                  style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
                >
                  <TreeRow
                    item={item}
                    collapsed={collapsed.has(item.id)}
                    selected={selectedId === item.id}
                    issue={issues.get(item.id)}
                    canHaveChildren={kind !== undefined}
                    childLabel={kind ? LABEL[kind] : undefined}
                    actions={rowActions}
                  />
                </li>
              );
            })}
          </ul>
        </SortableContext>
      </div>
    </DndContext>
  );
});
