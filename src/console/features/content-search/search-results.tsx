// Results of one search over the chosen content types, paged by cursor as the user scrolls.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { ContentSearchItem, ContentSearchPage } from '#contract/schemas/read-models.ts';
import type { z } from '#contract/zod.ts';
import {
  InfiniteTable,
  phoneStacking,
  TableRow,
  type TableRowProps,
} from '../../components/infinite-table.tsx';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { KIND_LABELS, labelFor } from '../../lib/labels/catalog.ts';
import { CONTENT_TYPE_SINGULAR } from '../../lib/labels/search.ts';
import { contentQueries, type ContentSearch } from '../../lib/queries/content.ts';
import { ItemLink } from './item-link.tsx';

const COLUMNS = ['Title', 'Type', 'Status', 'Kind', 'SKU', 'Updated', 'Content'] as const;
const pageItems = (page: z.infer<typeof ContentSearchPage>) => page.content;
const RESULT_STACKING = phoneStacking(96);

export function SearchResults({ search }: { search: ContentSearch }) {
  const query = useSuspenseInfiniteQuery(contentQueries.search(search));
  const what = search.query ? `results for “${search.query}”` : 'items';
  return (
    <InfiniteTable
      query={query}
      pageItems={pageItems}
      countNoun={what}
      noun="results"
      label="Search results"
      className="vtable--content"
      columns={COLUMNS}
      Row={ResultRow}
      stacking={RESULT_STACKING}
      empty={
        <EmptyState title={search.query ? `Nothing matches “${search.query}”` : 'No content'}>
          Try other words, or check more types.
        </EmptyState>
      }
    />
  );
}

const ResultRow = memo(function ResultRow({
  item,
  index,
  start,
}: TableRowProps<ContentSearchItem>) {
  return (
    <TableRow index={index} start={start}>
      <div role="cell" className="cell cell--title">
        <ItemLink type={item.type} id={item.id} className="row-link">
          {item.title}
        </ItemLink>
      </div>
      <div role="cell" className="cell cell--type">
        {CONTENT_TYPE_SINGULAR[item.type]}
      </div>
      <div role="cell" className="cell cell--status">
        <StatusBadge status={item.status} />
      </div>
      <div role="cell" className="cell cell--kind">
        {item.kind ? labelFor(KIND_LABELS, item.kind) : '—'}
      </div>
      <div role="cell" className="cell cell--sku cell--mono">
        {item.sku ?? '—'}
      </div>
      <div role="cell" className="cell cell--updated">
        {formatDateTime(item.updatedAt)}
      </div>
      <div role="cell" className="cell cell--content">
        <Link to="/content/$type/$id" params={{ type: item.type, id: item.id }}>
          View<span className="visually-hidden"> the content of {item.title}</span>
        </Link>
      </div>
    </TableRow>
  );
});
