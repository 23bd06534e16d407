// The course-group list: cursor pages of `GET /courseGroups` loaded as the user scrolls, in the shared
// paged table.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CourseGroupList } from '#contract/schemas/read-models.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import type { BulkSelection } from '../../lib/bulk-selection.ts';
import { courseGroupQueries, type CourseGroupFilters } from '../../lib/queries/course-groups.ts';
import { GROUP_COLUMNS, GroupRow, toSelected } from './group-row.tsx';
import { PagedTable } from './paged-table.tsx';

export interface GroupListProps {
  filters: CourseGroupFilters;
  selectable: boolean;
  renderBulkActions?: (selection: BulkSelection) => ReactNode;
}

const pageItems = (page: CourseGroupList) => page.courseGroups;

export function GroupList({ filters, selectable, renderBulkActions }: GroupListProps) {
  const query = useSuspenseInfiniteQuery(courseGroupQueries.list(filters));
  return (
    <PagedTable
      query={query}
      pageItems={pageItems}
      countNoun="course groups"
      noun="course groups"
      label="Course groups"
      className="vtable--groups"
      columns={GROUP_COLUMNS}
      Row={GroupRow}
      toSelected={toSelected}
      empty={
        <EmptyState
          title="No course groups match these filters"
          action={
            <Link to="/course-groups" className="btn btn--secondary">
              Clear filters
            </Link>
          }
        />
      }
      selectable={selectable}
      renderBulkActions={renderBulkActions}
    />
  );
}
