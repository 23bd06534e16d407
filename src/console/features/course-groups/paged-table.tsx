// The body both course-group tables share (the filtered list and the search results): cursor pages
// loaded as the user scrolls, the "Showing N of total" line with the bulk actions of the selection,
// the virtualized rows with a select-all header, and the list's end. Each table brings its columns,
// its memoized row and how a row becomes a selected group.
import type { InfiniteData, UseSuspenseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { PageInfo } from '#contract/schemas/pagination.ts';
import type { BulkSelection, SelectedGroup } from '../../lib/bulk-selection.ts';
import { formatCount } from '../../lib/format.ts';
import { useInfiniteRows } from '../../lib/use-infinite-rows.ts';
import { ListFooter } from '../../components/list-footer.tsx';
import { SelectAllCell } from './select-cells.tsx';
import { useGroupSelection } from './use-group-selection.ts';
import { STACKED_ROW_HEIGHT, VirtualRows } from '../../components/virtual-rows.tsx';
import { STACKED_ROWS, useMediaQuery } from '../../lib/use-media-query.ts';

/** What a table's row component receives. */
export interface PagedRowProps<T> {
  item: T;
  index: number;
  start: number;
  selectable: boolean;
  selected: boolean;
  onToggle(group: SelectedGroup): void;
}

export interface PagedTableProps<P extends { pageInfo: PageInfo }, T extends { id: string }> {
  query: UseSuspenseInfiniteQueryResult<InfiniteData<P>>;
  /** The rows of one page; module-level, so the flattened list is computed once per page load. */
  pageItems(page: P): readonly T[];
  /** The count line after "Showing N of total" (`course groups`, `results for “…”`). */
  countNoun: string;
  /** What the footer and the select-all box call the rows. */
  noun: string;
  label: string;
  className: string;
  columns: readonly string[];
  Row: ComponentType<PagedRowProps<T>>;
  toSelected(item: T): SelectedGroup;
  /** Rows shown of those loaded (filters the API cannot apply); all when absent. */
  filter?: ((item: T) => boolean) | undefined;
  /** The count line when `filter` is set: rows shown, loaded, and the API's total. */
  countText?: ((shown: number, loaded: number, total: number) => string) | undefined;
  /** Shown instead of the table when nothing matches. */
  empty: ReactNode;
  selectable: boolean;
  renderBulkActions?: ((selection: BulkSelection) => ReactNode) | undefined;
}

const columnClass = (column: string) => `cell cell--${column.toLowerCase().replace(/\s+/g, '-')}`;

export function PagedTable<P extends { pageInfo: PageInfo }, T extends { id: string }>({
  query,
  pageItems,
  countNoun,
  noun,
  label,
  className,
  columns,
  Row,
  toSelected,
  empty,
  selectable,
  renderBulkActions,
  filter,
  countText,
}: PagedTableProps<P, T>) {
  const rows = useInfiniteRows(query, pageItems);
  const { items: loadedItems, total, loadMore, onNearEnd } = rows;
  const items = useMemo(
    () => (filter ? loadedItems.filter(filter) : loadedItems),
    [loadedItems, filter],
  );
  const loaded = useMemo(() => items.map(toSelected), [items, toSelected]);
  const { selected, toggle, toggleAll, allSelected, selection } = useGroupSelection(loaded);
  const stacked = useMediaQuery(STACKED_ROWS);

  if (loadedItems.length === 0) return <>{empty}</>;

  return (
    <div className="list-area">
      <div className="list-bar">
        <p className="list-bar__count" role="status" aria-live="polite" data-testid="list-count">
          {countText
            ? countText(items.length, loadedItems.length, total)
            : `Showing ${formatCount(items.length)} of ${formatCount(total)} ${countNoun}`}
        </p>
        {selectable && selected.size > 0 && renderBulkActions ? renderBulkActions(selection) : null}
      </div>
      <VirtualRows
        label={label}
        className={`${className}${selectable ? ' vtable--selectable' : ''}`}
        count={items.length}
        totalCount={total}
        rowHeight={stacked ? STACKED_ROW_HEIGHT : undefined}
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
              onToggle={toggle}
            />
          );
        }}
        onNearEnd={onNearEnd}
        footer={
          <ListFooter
            loaded={loadedItems.length}
            hasMore={rows.hasMore}
            fetching={rows.fetching}
            error={rows.error}
            noun={noun}
            onLoadMore={loadMore}
          />
        }
      />
    </div>
  );
}
