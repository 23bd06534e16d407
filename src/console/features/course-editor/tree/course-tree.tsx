// The course outline: the draft's tree as a flat, virtualized, sortable list (dnd-kit's sortable tree
// pattern). Only rows on screen are mounted; the dragged row is always kept mounted. A drop goes
// through getProjection, which asks the compiler's level rule, so it lands only at valid levels, and
// then through the same move rules as the menu's moves (a refused one is explained at its row).
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
import {
  defaultRangeExtractor,
  elementScroll,
  useVirtualizer,
  type Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { childKindOf, type PlacementRule, type TreeDraft, type TreeNode } from '#compiler/index.ts';
import { describeProjection, TREE_INSTRUCTIONS } from './geometry/announce.ts';
import { flatten, removeDescendantsOf } from './geometry/flat-tree.ts';
import { getProjection, type Projection } from './geometry/projection.ts';
import { useEdgeScroll } from './geometry/use-edge-scroll.ts';
import { INDENT_PX, treeKeyboardCoordinates } from './geometry/keyboard.ts';
import { ROW_HEIGHT } from './geometry/row-height.ts';
import type { NodeStatus } from './node-status.ts';
import { moveChecked } from './commands/outline-edits.ts';
import type { RowActions } from './commands/row-actions.ts';
import { TreeRow } from './tree-row.tsx';

/**
 * The outline box's size before it is measured. Its CSS height (course-editor.css: min(60vh, 40rem),
 * in a narrow window min(65vh, 36rem)) is never more than 65vh, so the first render already mounts
 * every row the box shows (and at most a row more), instead of the first two, then the box measured
 * in a layout effect (the page's first layout forced in the middle of the commit) and the rest of the
 * rows rendered in a second pass before the first frame.
 */
const initialRect = () => ({
  width: window.innerWidth,
  height: Math.ceil(window.innerHeight * 0.65),
});

/**
 * The box's size as a ResizeObserver reports it, after the frame's own layout, never read during a
 * commit: TanStack Virtual's default reads clientWidth and clientHeight at once, which forced the
 * page's first layout in the middle of the commit. The same size (the box has no padding).
 */
const observeRectAfterLayout: VirtualizerOptions<HTMLDivElement, Element>['observeElementRect'] = (
  instance,
  report,
) => {
  const element = instance.scrollElement;
  if (!element) return;
  const observer = new ResizeObserver(([entry]) => {
    if (entry)
      report({
        width: Math.round(entry.contentRect.width),
        height: Math.round(entry.contentRect.height),
      });
  });
  observer.observe(element);
  return () => observer.disconnect();
};

const attached = new WeakSet<Virtualizer<HTMLDivElement, Element>>();
/**
 * Scrolls the box, except for the virtualizer's first write as it attaches to a new box: the top
 * (its initial offset), where a new box already is. Writing it forced the layout as the previous
 * reading did.
 */
const scrollBox: VirtualizerOptions<HTMLDivElement, Element>['scrollToFn'] = (
  offset,
  options,
  instance,
) => {
  const first = !attached.has(instance);
  attached.add(instance);
  if (first && offset + (options.adjustments ?? 0) === 0) return;
  elementScroll(offset, options, instance);
};

export interface CourseTreeHandle {
  /**
   * Scroll a row into view and focus it (its title, or its title field) in the commit that mounts
   * it. `afterRender`: the element to focus is about to be replaced (a title field opening or
   * closing), so focus it once the outline has rendered.
   */
  focus(id: string, afterRender?: boolean): void;
}

export interface CourseTreeProps {
  draft: TreeDraft;
  collapsed: ReadonlySet<string>;
  selectedId: string | null;
  /** The first problem of each node, in words. */
  issues: ReadonlyMap<string, string>;
  statusOf(node: TreeNode, parentServerId: string | null | undefined, index: number): NodeStatus;
  editing: { id: string; isNew: boolean } | null;
  rule: PlacementRule;
  actions: Omit<RowActions, 'focusRow'>;
  onMove(id: string, projection: Projection, byKeyboard: boolean): void;
  /** Shown under its row (a refused move, with what to do instead). */
  notice: { nodeId: string; content: ReactNode } | null;
  ref?: Ref<CourseTreeHandle>;
}

interface DragState {
  activeId: string;
  overId: string | null;
  /**
   * The horizontal drag in whole indentation steps, all the projection reads of it: kept in pixels,
   * every pixel a pointer trembles sideways re-rendered the outline and dnd-kit's context with it.
   */
  depthOffset: number;
  /** Where a pointer drag started (null for a keyboard drag): the outline scrolls at its edges. */
  pointer: { y: number } | null;
}

/** Focuses a row's title (or title field) if the row is mounted; false when it is not (yet). */
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
  statusOf,
  editing,
  rule,
  actions,
  onMove,
  notice,
  ref,
}: CourseTreeProps) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const flat = useMemo(() => flatten(draft, collapsed), [draft, collapsed]);
  const items = useMemo(
    () => (drag ? removeDescendantsOf(flat, drag.activeId) : flat),
    [flat, drag?.activeId], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const byId = useMemo(() => new Map(flat.map((item) => [item.id, item])), [flat]);
  const projection =
    drag && drag.overId
      ? getProjection(draft, items, drag.activeId, drag.overId, drag.depthOffset)
      : null;
  const scrollRef = useRef<HTMLDivElement>(null);
  const activeIndex = drag ? ids.indexOf(drag.activeId) : -1;
  // Stable while the list is: the virtualizer lays out all 2,000 rows again whenever it changes.
  const getItemKey = useCallback((index: number) => ids[index]!, [ids]);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    initialRect: initialRect(),
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollBox,
    // dnd-kit re-renders and re-measures every mounted row during a drag: mount few beyond the
    // view. One row is enough, as the edge scroll moves at most half a row per frame.
    overscan: 1,
    // Scrolling re-renders the outline with the next frame, together with dnd-kit's own update for
    // the same scroll (auto-scroll during a drag), instead of once more inside each scroll event.
    useFlushSync: false,
    getItemKey,
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
  const latest = useRef({ draft, items, rule });
  latest.current = { draft, items, rule };
  const virtualizerRef = useRef(virtualizer);
  virtualizerRef.current = virtualizer;

  // Focus moves to a row in the same commit that mounts it (layout effect), never frames later: a
  // deferred focus() took focus away from wherever the user had moved on to in the meantime (the
  // next "Add" button, the row an arrow key had just reached). A row off screen is scrolled in first,
  // and is focused only if focus is still where the request came from.
  const pendingFocus = useRef<{ id: string; from: Element | null; scrolled: boolean } | null>(null);
  const requestFocus = useCallback((id: string, afterRender = false) => {
    const index = latest.current.items.findIndex((item) => item.id === id);
    if (index >= 0) virtualizerRef.current.scrollToIndex(index, { align: 'auto' });
    pendingFocus.current =
      !afterRender && focusRow(id)
        ? null
        : { id, from: document.activeElement, scrolled: index >= 0 };
  }, []);
  useImperativeHandle(ref, () => ({ focus: requestFocus }), [requestFocus]);
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    if (!document.getElementById(`node-${pending.id}`)) {
      // A row just added may lie outside the mounted range: scroll to it once it is in the list.
      const index = items.findIndex((item) => item.id === pending.id);
      if (!pending.scrolled && index >= 0) {
        pending.scrolled = true;
        virtualizer.scrollToIndex(index, { align: 'auto' });
      }
      return;
    }
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
        if (to === 'parent') {
          const parentId = list[index]?.parentId;
          if (parentId) requestFocus(parentId);
          return;
        }
        const target =
          to === 'first' ? 0 : to === 'last' ? list.length - 1 : Math.max(0, index + to);
        const next = list[Math.min(target, list.length - 1)];
        if (next) requestFocus(next.id);
      },
    }),
    [actions, requestFocus],
  );
  // Refusals of the current draft by drop place: the drop status line and the announcement of the
  // same place asked the move rules each (a copy of the 2,000-node tree each) as the pointer
  // crossed a row.
  const refusals = useRef({ draft, rule, byPlace: new Map<string, string | null>() });
  /** Why a projected drop would be refused (null: it is allowed). */
  const refusal = useCallback((id: string, at: Projection | null): string | null => {
    if (!at) return null;
    const { draft: current, rule: currentRule } = latest.current;
    if (refusals.current.draft !== current || refusals.current.rule !== currentRule)
      refusals.current = { draft: current, rule: currentRule, byPlace: new Map() };
    const place = `${id}|${at.parentId}|${at.index}`;
    const known = refusals.current.byPlace.get(place);
    if (known !== undefined) return known;
    const outcome = moveChecked(current, id, at, currentRule);
    const refused = outcome.ok ? null : outcome.message;
    refusals.current.byPlace.set(place, refused);
    return refused;
  }, []);
  const announcements = useMemo<Announcements>(() => {
    const project = (activeId: UniqueIdentifier, overId: UniqueIdentifier | undefined) => {
      const { draft: current, items: list } = latest.current;
      const id = String(activeId);
      return overId === undefined ? null : getProjection(current, list, id, String(overId), 0);
    };
    const describe = (activeId: UniqueIdentifier, overId: UniqueIdentifier | undefined) => {
      const id = String(activeId);
      const at = project(activeId, overId);
      return describeProjection(latest.current.items, id, at, refusal(id, at));
    };
    return {
      onDragStart: ({ active }) => {
        const item = latest.current.items.find((i) => i.id === active.id);
        return `Picked up ${item ? `${item.kind} ${item.node.title}` : 'item'}.`;
      },
      onDragOver: ({ active, over }) => describe(active.id, over?.id),
      onDragEnd: ({ active, over }) => {
        if (!over) return 'Dropped outside the outline; nothing moved.';
        const id = String(active.id);
        const at = project(active.id, over.id);
        const refused = refusal(id, at);
        if (refused) return `Not moved. ${refused}`;
        return `Dropped. ${describe(active.id, over.id)}`;
      },
      onDragCancel: () => 'Moving cancelled.',
    };
  }, [refusal]);

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
    setDrag({ activeId: id, overId: id, depthOffset: 0, pointer });
  }, []);
  const listEnd = useCallback(() => {
    const current = virtualizerRef.current;
    return current.getTotalSize() - (current.scrollRect?.height ?? 0);
  }, []);
  useEdgeScroll(scrollRef, drag?.pointer ?? null, ROW_HEIGHT / 2, listEnd);
  const onDragMove = useCallback((event: DragMoveEvent) => {
    const overId = event.over ? String(event.over.id) : null;
    const depthOffset = Math.round(event.delta.x / INDENT_PX);
    setDrag((current) =>
      current && (current.overId !== overId || current.depthOffset !== depthOffset)
        ? { ...current, overId, depthOffset }
        : current,
    );
  }, []);
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      const byKeyboard = !(event.activatorEvent && 'clientY' in event.activatorEvent);
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
      if (final) onMove(id, final, byKeyboard);
    },
    [onMove],
  );

  // Asked again only when the drop place changes, not on every pointer move.
  const placeKey = drag && projection ? `${projection.parentId}|${projection.index}` : null;
  const refused = useMemo(
    () => (drag && projection ? refusal(drag.activeId, projection) : null),
    [drag?.activeId, placeKey, draft, refusal], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const status = drag ? describeProjection(items, drag.activeId, projection, refused) : '';
  const rows = virtualizer.getVirtualItems();
  const noticeIndex = notice ? items.findIndex((item) => item.id === notice.nodeId) : -1;

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
        className={`tree-drop-status${drag && (!projection || refused) ? ' is-invalid' : ''}`}
        aria-hidden="true"
      >
        {status}
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
              const parent = item.parentId === null ? null : byId.get(item.parentId);
              const parentServerId = parent === null ? null : parent?.node.serverId;
              return (
                <TreeRow
                  key={row.key}
                  start={row.start}
                  item={item}
                  collapsed={collapsed.has(item.id)}
                  selected={selectedId === item.id}
                  status={statusOf(item.node, parentServerId, item.index)}
                  issue={issues.get(item.id)}
                  editing={editing?.id === item.id ? (editing.isNew ? 'new' : 'rename') : null}
                  childKind={childKindOf(draft, item.node)}
                  actions={rowActions}
                />
              );
            })}
          </ul>
        </SortableContext>
        {items.length === 0 ? (
          <p className="course-tree__empty">
            Nothing here yet. Add the first {draft.kind === 'courseGroup' ? 'section' : 'topic'}{' '}
            with the button above; then name it, and press Enter again for the next one.
          </p>
        ) : null}
        {notice ? (
          <div
            className="tree-notice"
            style={{ top: noticeIndex >= 0 ? (noticeIndex + 1) * ROW_HEIGHT : 0 }}
          >
            {notice.content}
          </div>
        ) : null}
      </div>
    </DndContext>
  );
});
