import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { Status } from '#contract/enums.ts';
import type { CourseGroupListItem } from '#contract/schemas/read-models.ts';
import {
  TableRow,
  type RowStacking,
  type TableRowProps,
} from '../../components/infinite-table.tsx';
import { GroupScheduledFor } from '../../components/scheduled-for.tsx';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { STACKED_ROW_HEIGHT } from '../../components/virtual-rows.tsx';
import type { SelectedGroup } from '../../lib/bulk-selection.ts';
import { formatCount } from '../../lib/format.ts';
import { contentTypeLabel, KIND_LABELS, labelFor } from '../../lib/labels/catalog.ts';
import { STACKED_ROWS } from '../../lib/use-media-query.ts';

export const toSelected = (group: CourseGroupListItem): SelectedGroup => ({
  id: group.id,
  title: group.title,
  courseCount: group.courseCount,
  displayCourseId: group.displayCourseId,
});

/** The course-group tables stack into taller cards than the phone stack, below a wider screen. */
export const GROUP_STACKING: RowStacking = { query: STACKED_ROWS, rowHeight: STACKED_ROW_HEIGHT };

export const GROUP_COLUMNS = [
  'Title',
  'Kind',
  'Status',
  'Template',
  'Language',
  'Content type',
  'Authors',
  'Source',
  'Courses',
] as const;

/** What a row shows; search results know only some of it until the group's details arrive. */
export type GroupCellData = Pick<CourseGroupListItem, 'id' | 'title' | 'status'> & {
  slug?: string | undefined;
  kind?: string | null | undefined;
  details?: Omit<CourseGroupListItem, 'id' | 'title' | 'status' | 'slug' | 'kind'> | undefined;
  /** The details could not be read: say so rather than show them loading forever. */
  unread?: boolean;
};

const Muted = ({ children = '—' }: { children?: string }) => (
  <span className="muted">{children}</span>
);

/** The list's columns, shared by the filtered list and the search results. */
export function GroupCells({ group }: { group: GroupCellData }) {
  const details = group.details;
  const placeholder = <Muted>{group.unread ? 'Not read' : '…'}</Muted>;
  return (
    <>
      <div role="cell" className="cell cell--title">
        <Link
          to="/course-groups/$groupId"
          params={{ groupId: group.id }}
          className="row-link"
          title={group.slug ? `${group.title} (${group.slug})` : group.title}
        >
          {group.title}
        </Link>
      </div>
      <div role="cell" className="cell cell--kind" data-label="Kind">
        {group.kind ? labelFor(KIND_LABELS, group.kind) : <Muted />}
      </div>
      <div role="cell" className="cell cell--status" data-label="Status">
        <StatusBadge status={group.status as Status} />
        <GroupScheduledFor groupId={group.id} status={group.status} compact />
      </div>
      <div role="cell" className="cell cell--template" data-label="Template">
        {details ? details.isTemplate ? 'Template' : <Muted /> : placeholder}
      </div>
      <div role="cell" className="cell cell--language" data-label="Language">
        {details ? details.language : placeholder}
      </div>
      <div role="cell" className="cell cell--content-type" data-label="Content type">
        {details ? contentTypeLabel(details.contentType) : placeholder}
      </div>
      <div role="cell" className="cell cell--authors" data-label="Authors">
        {details ? (
          details.authors.length > 0 ? (
            details.authors.join(', ')
          ) : (
            <Muted />
          )
        ) : (
          placeholder
        )}
      </div>
      <div role="cell" className="cell cell--source" data-label="Source">
        {details ? (details.source ?? <Muted />) : placeholder}
      </div>
      <div role="cell" className="cell cell--courses" data-label="Courses">
        {details ? formatCount(details.courseCount) : placeholder}
      </div>
    </>
  );
}

/** Memoized: while scrolling, only rows entering the view render. */
export const GroupRow = memo(function GroupRow({
  item: group,
  index,
  start,
  selectable,
  selected,
  onToggle,
}: TableRowProps<CourseGroupListItem>) {
  return (
    <TableRow
      index={index}
      start={start}
      select={
        selectable ? { title: group.title, selected, onToggle: () => onToggle(group) } : undefined
      }
    >
      <GroupCells group={{ ...group, details: group }} />
    </TableRow>
  );
});
