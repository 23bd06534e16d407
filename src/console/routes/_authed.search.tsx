// Content search across every content search type, with type facets. State lives in the URL.
import { createFileRoute } from '@tanstack/react-router';
import { ContentSearchPage } from '../features/content-search/content-search-page.tsx';
import { ContentSearchParams, toContentSearch } from '../features/content-search/search-params.ts';
import { contentQueries } from '../lib/queries/content.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/search')({
  validateSearch: ContentSearchParams,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchInfiniteQuery(contentQueries.search(toContentSearch(deps)));
  },
  component: SearchRoute,
});

function SearchRoute() {
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle(params.q ? `Search: ${params.q}` : 'Search content');
  return (
    <ContentSearchPage
      params={params}
      onChange={(patch) => void navigate({ search: (previous) => ({ ...previous, ...patch }) })}
    />
  );
}
