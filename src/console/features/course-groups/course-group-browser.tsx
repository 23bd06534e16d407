// The course-group browser page body: toolbar, then either the filtered list or search results.
import { Suspense, type ReactNode } from 'react';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { clientFilters, contentSearch, listFilters, type BrowserSearch } from './browser-search.ts';
import { BrowserToolbar } from './browser-toolbar.tsx';
import type { BulkSelection } from '../../lib/bulk-selection.ts';
import { GroupList } from './group-list.tsx';
import { useReturnToRow } from './return-to-row.ts';
import { lateComponent, usePreloadAfterFirstContent } from '../../components/late-component.tsx';

// A text search's results (and the reads of each result's group) show only once a search is typed:
// their code loads after the first content, or with a search's first results (the query, started by
// the route's loader, loads meanwhile; the list's Suspense fallback covers both).
const SearchResults = lateComponent(() =>
  import('./search-results.tsx').then((module) => module.SearchResults),
);

export interface CourseGroupBrowserProps {
  search: BrowserSearch;
  onChange(patch: Partial<BrowserSearch>): void;
  onReset(): void;
  selectable: boolean;
  renderBulkActions?: (selection: BulkSelection) => ReactNode;
  /** The saved views control of the toolbar (given by the route). */
  views?: ReactNode;
}

export function CourseGroupBrowser({
  search,
  onChange,
  onReset,
  selectable,
  renderBulkActions,
  views,
}: CourseGroupBrowserProps) {
  const textSearch = contentSearch(search);
  const filters = listFilters(search);
  // Keyed by what is shown: a new filter set starts with an empty selection (search results are
  // filtered in the browser, so changing a filter there does not read the search again).
  const key = JSON.stringify(textSearch ? { textSearch, filters } : filters);
  const returnToRow = useReturnToRow();
  usePreloadAfterFirstContent(SearchResults);
  return (
    <>
      <BrowserToolbar search={search} onChange={onChange} onReset={onReset} views={views} />
      {/* Back from a group opened here returns to its row (scroll and focus). */}
      <div className="return-to-row" style={{ display: 'contents' }} {...returnToRow}>
        <QueryBoundary resetKeys={[key]} title="The course groups did not load">
          <Suspense fallback={<PendingState label="Loading course groups" />}>
            {textSearch ? (
              <SearchResults.Component
                key={key}
                search={textSearch}
                filters={clientFilters(search)}
                selectable={selectable}
                renderBulkActions={renderBulkActions}
              />
            ) : (
              // Keyed by filters: a new filter set starts with an empty selection.
              <GroupList
                key={key}
                filters={filters}
                selectable={selectable}
                renderBulkActions={renderBulkActions}
              />
            )}
          </Suspense>
        </QueryBoundary>
      </div>
    </>
  );
}
