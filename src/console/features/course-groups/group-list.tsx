// The course-group list: cursor pages loaded as the user scrolls, rendered through a virtualized table.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, type ReactNode } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import type { BulkSelection } from '../../lib/bulk-selection.ts';
import { formatCount } from '../../lib/format.ts';
import { courseGroupQueries, type CourseGroupFilters } from '../../lib/queries/course-groups.ts';
import { GroupHeaderRow, GroupRow, toSelected } from './group-row.tsx';
import { useGroupSelection } from './use-group-selection.ts';
import { ListFooter } from './list-footer.tsx';
import { VirtualRows } from './virtual-rows.tsx';

export interface GroupListProps {
  filters: CourseGroupFilters;
  selectable: boolean;
  renderBulkActions?: (selection: BulkSelection) => ReactNode;
}

export function GroupList({ filters, selectable, renderBulkActions }: GroupListProps) {
  const query = useSuspenseInfiniteQuery(courseGroupQueries.list(filters));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const groups = useMemo(() => query.data.pages.flatMap((page) => page.courseGroups), [query.data]);
  const total = query.data.pages.at(-1)?.pageInfo.total ?? groups.length;
  const loaded = useMemo(() => groups.map(toSelected), [groups]);
  const { selected, toggle, toggleAll, allSelected, selection } = useGroupSelection(loaded);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // Scrolling near the end loads the next page, but never re-fires after a failure: that waits for
  // the user's retry.
  const onNearEnd = useCallback(() => {
    if (!isFetchNextPageError) loadMore();
  }, [isFetchNextPageError, loadMore]);

  if (groups.length === 0) {
    return (
      <EmptyState
        title="No course groups match these filters"
        action={
          <Link to="/course-groups" className="btn btn--secondary">
            Clear filters
          </Link>
        }
      />
    );
  }

  return (
    <div className="list-area">
      <div className="list-bar">
        <p className="list-bar__count" role="status" aria-live="polite" data-testid="list-count">
          Showing {formatCount(groups.length)} of {formatCount(total)} course groups
        </p>
        {selectable && selected.size > 0 && renderBulkActions ? renderBulkActions(selection) : null}
      </div>
      <VirtualRows
        label="Course groups"
        className={`vtable--groups${selectable ? ' vtable--selectable' : ''}`}
        count={groups.length}
        totalCount={total}
        header={
          <GroupHeaderRow
            selectable={selectable}
            allSelected={allSelected}
            someSelected={selected.size > 0}
            onToggleAll={toggleAll}
          />
        }
        renderRow={(index, start) => {
          const group = groups[index]!;
          return (
            <GroupRow
              key={group.id}
              group={group}
              index={index}
              start={start}
              selectable={selectable}
              selected={selected.has(group.id)}
              onToggle={toggle}
            />
          );
        }}
        onNearEnd={onNearEnd}
        footer={
          <ListFooter
            loaded={groups.length}
            hasMore={hasNextPage}
            fetching={isFetchingNextPage}
            error={isFetchNextPageError ? query.error : null}
            noun="course groups"
            onLoadMore={loadMore}
          />
        }
      />
    </div>
  );
}
