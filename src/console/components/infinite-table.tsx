// A read-only table over a cursor-paged list: pages load as the user scrolls, "Showing N of total",
// virtual rows, and the list's end. On a phone every row stacks into a small card of fixed height
// (the table never makes the page wider than the screen).
import type { InfiniteData, UseSuspenseInfiniteQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { PageInfo } from '#contract/schemas/pagination.ts';
import { formatCount } from '../lib/format.ts';
import { useInfiniteRows } from '../lib/use-infinite-rows.ts';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query.ts';
import { ListFooter } from './list-footer.tsx';
import { VirtualRows } from './virtual-rows.tsx';
import './stacked-table.css';

export interface TableRowProps<T> {
  item: T;
  index: number;
  start: number;
}

export interface InfiniteTableProps<P extends { pageInfo: PageInfo }, T extends { id: string }> {
  query: UseSuspenseInfiniteQueryResult<InfiniteData<P>>;
  pageItems(page: P): readonly T[];
  /** After "Showing N of total" (`users`, `results for “…”`). */
  countNoun: string;
  /** What the footer calls the rows. */
  noun: string;
  label: string;
  /** Sets the columns (`vtable--users`); the stylesheet of the feature defines them. */
  className: string;
  columns: readonly string[];
  /** Memoized, placed with `rowStyle(start)`. */
  Row: ComponentType<TableRowProps<T>>;
  empty: ReactNode;
  /** Row height of the stacked phone layout. */
  phoneRowHeight?: number;
}

export function InfiniteTable<P extends { pageInfo: PageInfo }, T extends { id: string }>({
  query,
  pageItems,
  countNoun,
  noun,
  label,
  className,
  columns,
  Row,
  empty,
  phoneRowHeight = 76,
}: InfiniteTableProps<P, T>) {
  const rows = useInfiniteRows(query, pageItems);
  const phone = useMediaQuery(PHONE_QUERY);
  const { items, total } = rows;
  if (items.length === 0) return <>{empty}</>;
  return (
    <div className="list-area">
      <div className="list-bar">
        <p className="list-bar__count" role="status" aria-live="polite" data-testid="list-count">
          Showing {formatCount(items.length)} of {formatCount(total)} {countNoun}
        </p>
      </div>
      <VirtualRows
        label={label}
        className={`${className} vtable--stacks`}
        count={items.length}
        totalCount={total}
        rowHeight={phone ? phoneRowHeight : undefined}
        header={
          <div role="row" aria-rowindex={1} className="vtable__row vtable__row--head">
            {columns.map((column) => (
              <div key={column} role="columnheader" className={columnClass(column)}>
                {column}
              </div>
            ))}
          </div>
        }
        renderRow={(index, start) => {
          const item = items[index]!;
          return <Row key={item.id} item={item} index={index} start={start} />;
        }}
        onNearEnd={rows.onNearEnd}
        footer={
          <ListFooter
            loaded={items.length}
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

/** A data row of a virtual table, placed at `start` (CSSOM, which the CSP allows). */
export function TableRow({
  index,
  start,
  children,
}: {
  index: number;
  start: number;
  children: ReactNode;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="vtable__row"
      style={{ transform: `translateY(${start}px)` }}
    >
      {children}
    </div>
  );
}
