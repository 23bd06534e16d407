// A table over a cursor-paged list: pages load as the user scrolls, "Showing N of total", virtual rows,
// and the list's end. Options: rows shown of those loaded (`filter`, for what the API cannot filter),
// and a selection (a select-all header, a box per row, actions beside the count line). On a narrow
// screen every row stacks into a card of fixed height (the table never makes the page wider than the
// screen).
import type { InfiniteData, UseSuspenseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, type ComponentType, type ReactNode } from 'react';
import type { PageInfo } from '#contract/schemas/pagination.ts';
import { formatCount } from '../lib/format.ts';
import { useInfiniteRows } from '../lib/use-infinite-rows.ts';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query.ts';
import { useRowSelection, type RowSelection } from '../lib/use-row-selection.ts';
import { ListFooter } from './list-footer.tsx';
import { SelectAllCell, SelectCell } from './select-cells.tsx';
import { VirtualRows } from './virtual-rows.tsx';
import './stacked-table.css';

/** What a table's row component receives; tables without a selection ignore the last three. */
export interface TableRowProps<T> {
  item: T;
  index: number;
  start: number;
  selectable: boolean;
  selected: boolean;
  onToggle(item: T): void;
}

/** How rows stack into cards: below `query`, each `rowHeight` px high, styled by `className`. */
export interface RowStacking {
  query: string;
  rowHeight: number;
  className?: string;
}

/** The phone stack of `stacked-table.css`: the first cell on its own line, the others after it. */
export const phoneStacking = (rowHeight = 76): RowStacking => ({
  query: PHONE_QUERY,
  rowHeight,
  className: 'vtable--stacks',
});
const PHONE_STACKING = phoneStacking();

export interface TableSelection<T, S extends { id: string }> {
  /** What the actions receive for a selected row. */
  toSelected(item: T): S;
  /** Shown beside the count line while some rows are selected. */
  renderActions?: ((selection: RowSelection<S>) => ReactNode) | undefined;
}

export interface InfiniteTableProps<
  P extends { pageInfo: PageInfo },
  T extends { id: string },
  S extends { id: string },
> {
  query: UseSuspenseInfiniteQueryResult<InfiniteData<P>>;
  /** The rows of one page; module-level, so the flattened list is computed once per page load. */
  pageItems(page: P): readonly T[];
  /** After "Showing N of total" (`users`, `results for “…”`). */
  countNoun: string;
  /** What the footer and the select-all box call the rows. */
  noun: string;
  label: string;
  /** Sets the columns (`vtable--users`); the stylesheet of the feature defines them. */
  className: string;
  columns: readonly string[];
  /** Memoized, placed with `TableRow`. */
  Row: ComponentType<TableRowProps<T>>;
  /** Shown instead of the table when nothing is loaded. */
  empty: ReactNode;
  /** Rows shown of those loaded (filters the API cannot apply); all when absent. */
  filter?: ((item: T) => boolean) | undefined;
  /** The count line when `filter` is set: rows shown, loaded, and the API's total. */
  countText?: ((shown: number, loaded: number, total: number) => string) | undefined;
  /** The phone stack when absent. */
  stacking?: RowStacking | undefined;
  /** Rows can be selected (and acted on) only when given. */
  selection?: TableSelection<T, S> | undefined;
}

const NONE: readonly never[] = [];

export function InfiniteTable<
  P extends { pageInfo: PageInfo },
  T extends { id: string },
  S extends { id: string } = { id: string },
>({
  query,
  pageItems,
  countNoun,
  noun,
  label,
  className,
  columns,
  Row,
  empty,
  filter,
  countText,
  stacking = PHONE_STACKING,
  selection,
}: InfiniteTableProps<P, T, S>) {
  const rows = useInfiniteRows(query, pageItems);
  const { items: loadedItems, total } = rows;
  const items = useMemo(
    () => (filter ? loadedItems.filter(filter) : loadedItems),
    [loadedItems, filter],
  );
  const selectable = selection !== undefined;
  const toSelected = selection?.toSelected;
  const selectedRows = useMemo(
    () => (toSelected ? items.map(toSelected) : NONE),
    [items, toSelected],
  );
  const {
    selected,
    toggle,
    toggleAll,
    allSelected,
    selection: chosen,
  } = useRowSelection(selectedRows);
  const onToggle = useCallback(
    (item: T) => {
      if (toSelected) toggle(toSelected(item));
    },
    [toggle, toSelected],
  );
  const stacked = useMediaQuery(stacking.query);

  if (loadedItems.length === 0) return <>{empty}</>;
  const classes = [className, stacking.className, selectable ? 'vtable--selectable' : undefined];
  return (
    <div className="list-area">
      <div className="list-bar">
        <p className="list-bar__count" role="status" aria-live="polite" data-testid="list-count">
          {countText
            ? countText(items.length, loadedItems.length, total)
            : `Showing ${formatCount(items.length)} of ${formatCount(total)} ${countNoun}`}
        </p>
        {selected.size > 0 && selection?.renderActions ? selection.renderActions(chosen) : null}
      </div>
      <VirtualRows
        label={label}
        className={classes.filter(Boolean).join(' ')}
        count={items.length}
        totalCount={total}
        rowHeight={stacked ? stacking.rowHeight : undefined}
        header={
          <div role="row" aria-rowindex={1} className="vtable__row vtable__row--head">
            {selectable ? (
              <SelectAllCell
                allSelected={allSelected}
                someSelected={selected.size > 0}
                onToggleAll={toggleAll}
                noun={noun}
              />
            ) : null}
            {columns.map((column) => (
              <div key={column} role="columnheader" className={columnClass(column)}>
                {column}
              </div>
            ))}
          </div>
        }
        renderRow={(index, start) => {
          const item = items[index]!;
          return (
            <Row
              key={item.id}
              item={item}
              index={index}
              start={start}
              selectable={selectable}
              selected={selected.has(item.id)}
              onToggle={onToggle}
            />
          );
        }}
        onNearEnd={rows.onNearEnd}
        footer={
          <ListFooter
            loaded={loadedItems.length}
            hasMore={rows.hasMore}
            fetching={rows.fetching}
            error={rows.error}
            noun={noun}
            onLoadMore={rows.loadMore}
          />
        }
      />
    </div>
  );
}

export const columnClass = (column: string) =>
  `cell cell--${column.toLowerCase().replace(/\s+/g, '-')}`;

/**
 * A data row of a virtual table, placed at `start` (CSSOM, which the CSP allows). With `select`, the
 * row starts with its checkbox and says whether it is selected.
 */
export function TableRow({
  index,
  start,
  select,
  children,
}: {
  index: number;
  start: number;
  select?: { title: string; selected: boolean; onToggle(): void } | undefined;
  children: ReactNode;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={select ? select.selected : undefined}
      className={`vtable__row${select?.selected ? ' vtable__row--selected' : ''}`}
      style={{ transform: `translateY(${start}px)` }}
    >
      {select ? (
        <SelectCell title={select.title} selected={select.selected} onToggle={select.onToggle} />
      ) : null}
      {children}
    </div>
  );
}
