import { createFileRoute } from '@tanstack/react-router';
import {
  BrowserSearch,
  contentSearch,
  listFilters,
} from '../features/course-groups/browser-search.ts';
import { CourseGroupBrowser } from '../features/course-groups/course-group-browser.tsx';
import { SlugLookupForm } from '../features/course-groups/slug-lookup-form.tsx';
import { LateSavedViewsControl } from '../features/saved-views/late-saved-views-control.tsx';
import { BulkActions } from '../features/publish/bulk-actions.tsx';
import { courseGroupQueries } from '../lib/queries/course-groups.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/course-groups/')({
  validateSearch: BrowserSearch,
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the page frame (toolbar with focus) stays while the list loads below it.
  loader: ({ context: { queryClient }, deps }) => {
    const textSearch = contentSearch(deps);
    void (textSearch
      ? queryClient.prefetchInfiniteQuery(courseGroupQueries.search(textSearch))
      : queryClient.prefetchInfiniteQuery(courseGroupQueries.list(listFilters(deps))));
  },
  component: CourseGroupsPage,
});

function CourseGroupsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { capabilities } = Route.useRouteContext();
  usePageTitle('Course groups');
  const canBulk = capabilities.bulkOperations;
  return (
    <div className="page page--fill">
      <div className="page__header">
        <div>
          <h1 className="page__title">Course groups</h1>
          <p className="page__lead">
            Every catalog item of the instance. {canBulk ? 'Select rows for bulk actions.' : ''}
          </p>
        </div>
        <SlugLookupForm />
      </div>
      <CourseGroupBrowser
        search={search}
        onChange={(patch) => void navigate({ search: (previous) => ({ ...previous, ...patch }) })}
        onReset={() => void navigate({ search: {} })}
        selectable={canBulk}
        renderBulkActions={(selection) => <BulkActions selection={selection} />}
        views={
          <LateSavedViewsControl
            screen="courseGroups"
            search={search}
            onApply={(next) => void navigate({ search: next })}
          />
        }
      />
    </div>
  );
}
