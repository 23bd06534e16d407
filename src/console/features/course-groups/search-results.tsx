// Results of `GET /content?types[]=courseGroups&query=...`, paged by cursor like the list.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import type { ContentSearchItem } from '#contract/schemas/read-models.ts';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import type { BulkSelection, SelectedGroup } from '../../lib/bulk-selection.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { KIND_LABELS, labelFor } from '../../lib/labels.ts';
import { courseGroupQueries, type CourseGroupSearch } from '../../lib/queries/course-groups.ts';
import { ListFooter } from './list-footer.tsx';
import { SelectAllCell, SelectableRow } from './select-cells.tsx';
import { useGroupSelection } from './use-group-selection.ts';
import { VirtualRows } from './virtual-rows.tsx';

const COLUMNS = ['Title', 'Kind', 'Status', 'Slug', 'Updated'] as const;

export interface SearchResultsProps {
  search: CourseGroupSearch;
  selectable: boolean;
  renderBulkActions?: (selection: BulkSelection) => ReactNode;
}

const toSelected = (item: ContentSearchItem): SelectedGroup => ({
  id: item.id,
  title: item.title,
  courseCount: null,
  displayCourseId: null,
});

export function SearchResults({ search, selectable, renderBulkActions }: SearchResultsProps) {
  const query = useSuspenseInfiniteQuery(courseGroupQueries.search(search));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const items = useMemo(() => query.data.pages.flatMap((page) => page.content), [query.data]);
  const total = query.data.pages.at(-1)?.pageInfo.total ?? items.length;
  const loaded = useMemo(() => items.map(toSelected), [items]);
  const { selected, toggle, toggleAll, allSelected, selection } = useGroupSelection(loaded);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const onNearEnd = useCallback(() => {
    if (!isFetchNextPageError) loadMore();
  }, [isFetchNextPageError, loadMore]);

  if (items.length === 0) {
    return <EmptyState title={`No course groups match “${search.query}”`} />;
  }
  return (
    <div className="list-area">
      <div className="list-bar">
        <p className="list-bar__count" role="status" aria-live="polite" data-testid="list-count">
          Showing {formatCount(items.length)} of {formatCount(total)} results for “{search.query}”
        </p>
        {selectable && selected.size > 0 && renderBulkActions ? renderBulkActions(selection) : null}
      </div>
      <VirtualRows
        label="Search results"
        className={`vtable--search${selectable ? ' vtable--selectable' : ''}`}
        count={items.length}
        totalCount={total}
        header={
          <div role="row" aria-rowindex={1} className="vtable__row vtable__row--head">
            {selectable ? (
              <SelectAllCell
                allSelected={allSelected}
                someSelected={selected.size > 0}
                onToggleAll={toggleAll}
                noun="results"
              />
            ) : null}
            {COLUMNS.map((column) => (
              <div key={column} role="columnheader" className="cell">
                {column}
              </div>
            ))}
          </div>
        }
        renderRow={(index, start) => {
          const item = items[index]!;
          return (
            <ResultRow
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
            loaded={items.length}
            hasMore={hasNextPage}
            fetching={isFetchingNextPage}
            error={isFetchNextPageError ? query.error : null}
            noun="results"
            onLoadMore={loadMore}
          />
        }
      />
    </div>
  );
}

const ResultRow = memo(function ResultRow({
  item,
  index,
  start,
  selectable,
  selected,
  onToggle,
}: {
  item: ContentSearchItem;
  index: number;
  start: number;
  selectable: boolean;
  selected: boolean;
  onToggle(group: SelectedGroup): void;
}) {
  return (
    <SelectableRow
      index={index}
      start={start}
      selectable={selectable}
      selected={selected}
      title={item.title}
      onToggle={() => onToggle(toSelected(item))}
    >
      <div role="cell" className="cell cell--title">
        <Link to="/course-groups/$groupId" params={{ groupId: item.id }} className="row-link">
          {item.title}
        </Link>
      </div>
      <div role="cell" className="cell">
        {item.kind ? labelFor(KIND_LABELS, item.kind) : '—'}
      </div>
      <div role="cell" className="cell">
        <StatusBadge status={item.status} />
      </div>
      <div role="cell" className="cell cell--mono">
        {item.slug}
      </div>
      <div role="cell" className="cell">
        {formatDateTime(item.updatedAt)}
      </div>
    </SelectableRow>
  );
});
