// Results of `GET /content?types[]=courseGroups&query=...`, paged by cursor like the list, with the
// list's columns. The search API filters by title only, so the Kind, Template and Archived filters are
// applied to the results loaded so far (and the count line says so); each result's group is read for
// the columns the search answer lacks.
import { useQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import type { z } from '#contract/zod.ts';
import type { ContentSearchItem, ContentSearchPage } from '#contract/schemas/read-models.ts';
import { InfiniteTable, TableRow, type TableRowProps } from '../../components/infinite-table.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import type { BulkSelection, SelectedGroup } from '../../lib/bulk-selection.ts';
import { formatCount } from '../../lib/format.ts';
import { courseGroupQueries, type CourseGroupSearch } from '../../lib/queries/course-groups.ts';
import type { ClientFilters } from './browser-search.ts';
import { GROUP_COLUMNS, GROUP_STACKING, GroupCells } from './group-row.tsx';
import { useResultDetails } from './use-result-details.ts';

export interface SearchResultsProps {
  search: CourseGroupSearch;
  filters: ClientFilters;
  selectable: boolean;
  renderBulkActions?: (selection: BulkSelection) => ReactNode;
}

const pageItems = (page: z.infer<typeof ContentSearchPage>) => page.content;

const toSelected = (item: ContentSearchItem): SelectedGroup => ({
  id: item.id,
  title: item.title,
  courseCount: null,
  displayCourseId: null,
});

export const hasClientFilters = (filters: ClientFilters) =>
  filters.kind !== undefined || filters.isTemplate !== undefined || filters.archived !== undefined;

export function SearchResults({
  search,
  filters,
  selectable,
  renderBulkActions,
}: SearchResultsProps) {
  const query = useSuspenseInfiniteQuery(courseGroupQueries.search(search));
  const ids = useMemo(
    () => query.data.pages.flatMap((page) => page.content.map((item) => item.id)),
    [query.data],
  );
  const details = useResultDetails(ids);
  const { version } = details;
  const filtering = hasClientFilters(filters);
  const { kind, isTemplate, archived } = filters;
  const filter = useCallback(
    (item: ContentSearchItem) => {
      if (kind !== undefined && item.kind !== kind) return false;
      if (isTemplate === undefined && archived === undefined) return true;
      const detail = details.get(item.id);
      if (!detail) return false;
      return (
        (isTemplate === undefined || detail.isTemplate === isTemplate) &&
        (archived === undefined || detail.archived === archived)
      );
    },
    // `version` changes as details arrive: the filter must be re-applied then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, isTemplate, archived, version],
  );
  const checking = isTemplate !== undefined || archived !== undefined ? details.pending : 0;
  return (
    <InfiniteTable
      query={query}
      pageItems={pageItems}
      filter={filtering ? filter : undefined}
      countText={
        filtering
          ? (shown, loaded, total) =>
              `Showing ${formatCount(shown)} of ${formatCount(loaded)} loaded results for “${search.query}” (${formatCount(total)} match the text)${
                checking > 0 ? `; checking ${formatCount(checking)} more` : ''
              }`
          : undefined
      }
      countNoun={`results for “${search.query}”`}
      noun="results"
      label="Search results"
      className="vtable--groups"
      columns={GROUP_COLUMNS}
      Row={ResultRow}
      stacking={GROUP_STACKING}
      empty={<EmptyState title={`No course groups match “${search.query}”`} />}
      selection={selectable ? { toSelected, renderActions: renderBulkActions } : undefined}
    />
  );
}

const ResultRow = memo(function ResultRow({
  item,
  index,
  start,
  selectable,
  selected,
  onToggle,
}: TableRowProps<ContentSearchItem>) {
  // Read from the cache the details hook fills; never fetched from here.
  const { data: detail, isError } = useQuery({
    ...courseGroupQueries.detail(item.id),
    enabled: false,
  });
  return (
    <TableRow
      index={index}
      start={start}
      select={
        selectable ? { title: item.title, selected, onToggle: () => onToggle(item) } : undefined
      }
    >
      <GroupCells
        group={{
          id: item.id,
          title: item.title,
          slug: item.slug,
          kind: detail?.kind ?? item.kind,
          status: detail?.status ?? item.status,
          details: detail,
          unread: isError,
        }}
      />
    </TableRow>
  );
});
