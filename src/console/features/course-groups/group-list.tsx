// The course-group list: cursor pages of `GET /courseGroups` loaded as the user scrolls, in the shared
// infinite table with its selection.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CourseGroupList } from '#contract/schemas/read-models.ts';
import { InfiniteTable } from '../../components/infinite-table.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import type { BulkSelection } from '../../lib/bulk-selection.ts';
import { courseGroupQueries, type CourseGroupFilters } from '../../lib/queries/course-groups.ts';
import { GROUP_COLUMNS, GROUP_STACKING, GroupRow, toSelected } from './group-row.tsx';

export interface GroupListProps {
  filters: CourseGroupFilters;
  selectable: boolean;
  renderBulkActions?: (selection: BulkSelection) => ReactNode;
}

const pageItems = (page: CourseGroupList) => page.courseGroups;

export function GroupList({ filters, selectable, renderBulkActions }: GroupListProps) {
  const query = useSuspenseInfiniteQuery(courseGroupQueries.list(filters));
  return (
    <InfiniteTable
      query={query}
      pageItems={pageItems}
      countNoun="course groups"
      noun="course groups"
      label="Course groups"
      className="vtable--groups"
      columns={GROUP_COLUMNS}
      Row={GroupRow}
      stacking={GROUP_STACKING}
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
      selection={selectable ? { toSelected, renderActions: renderBulkActions } : undefined}
    />
  );
}
