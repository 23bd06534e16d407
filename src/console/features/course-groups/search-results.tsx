// Results of `GET /content?types[]=courseGroups&query=...`, paged by cursor like the list, in the
// shared paged table.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { memo, type ReactNode } from 'react';
import type { z } from 'zod';
import type { ContentSearchItem, ContentSearchPage } from '#contract/schemas/read-models.ts';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import type { BulkSelection, SelectedGroup } from '../../lib/bulk-selection.ts';
import { formatDateTime } from '../../lib/format.ts';
import { KIND_LABELS, labelFor } from '../../lib/labels.ts';
import { courseGroupQueries, type CourseGroupSearch } from '../../lib/queries/course-groups.ts';
import { PagedTable, type PagedRowProps } from './paged-table.tsx';
import { SelectableRow } from './select-cells.tsx';

const COLUMNS = ['Title', 'Kind', 'Status', 'Slug', 'Updated'] as const;

export interface SearchResultsProps {
  search: CourseGroupSearch;
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

export function SearchResults({ search, selectable, renderBulkActions }: SearchResultsProps) {
  const query = useSuspenseInfiniteQuery(courseGroupQueries.search(search));
  return (
    <PagedTable
      query={query}
      pageItems={pageItems}
      countNoun={`results for “${search.query}”`}
      noun="results"
      label="Search results"
      className="vtable--search"
      columns={COLUMNS}
      Row={ResultRow}
      toSelected={toSelected}
      empty={<EmptyState title={`No course groups match “${search.query}”`} />}
      selectable={selectable}
      renderBulkActions={renderBulkActions}
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
}: PagedRowProps<ContentSearchItem>) {
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
