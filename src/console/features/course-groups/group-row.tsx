import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { CourseGroupListItem } from '#contract/schemas/read-models.ts';
import { StatusBadge } from '../../components/ui/badge.tsx';
import type { SelectedGroup } from '../../lib/bulk-selection.ts';
import { formatCount } from '../../lib/format.ts';
import { KIND_LABELS } from '../../lib/labels.ts';
import type { PagedRowProps } from './paged-table.tsx';
import { SelectableRow } from './select-cells.tsx';

export const toSelected = (group: CourseGroupListItem): SelectedGroup => ({
  id: group.id,
  title: group.title,
  courseCount: group.courseCount,
  displayCourseId: group.displayCourseId,
});

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

/** Memoized: while scrolling, only rows entering the view render. */
export const GroupRow = memo(function GroupRow({
  item: group,
  index,
  start,
  selectable,
  selected,
  onToggle,
}: PagedRowProps<CourseGroupListItem>) {
  return (
    <SelectableRow
      index={index}
      start={start}
      selectable={selectable}
      selected={selected}
      title={group.title}
      onToggle={() => onToggle(toSelected(group))}
    >
      <div role="cell" className="cell cell--title">
        <Link
          to="/course-groups/$groupId"
          params={{ groupId: group.id }}
          className="row-link"
          title={`${group.title} (${group.slug})`}
        >
          {group.title}
        </Link>
      </div>
      <div role="cell" className="cell cell--kind">
        {KIND_LABELS[group.kind]}
      </div>
      <div role="cell" className="cell cell--status">
        <StatusBadge status={group.status} />
      </div>
      <div role="cell" className="cell cell--template">
        {group.isTemplate ? 'Template' : <span className="muted">—</span>}
      </div>
      <div role="cell" className="cell cell--language">
        {group.language}
      </div>
      <div role="cell" className="cell cell--content-type">
        {group.contentType}
      </div>
      <div role="cell" className="cell cell--authors">
        {group.authors.length > 0 ? group.authors.join(', ') : <span className="muted">—</span>}
      </div>
      <div role="cell" className="cell cell--source">
        {group.source ?? <span className="muted">—</span>}
      </div>
      <div role="cell" className="cell cell--courses">
        {formatCount(group.courseCount)}
      </div>
    </SelectableRow>
  );
});
