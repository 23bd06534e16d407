// The instance's users, paged and throttle-aware; each links to their events in the event monitor.
import { createFileRoute } from '@tanstack/react-router';
import { LIMITS } from '#contract/limits.ts';
import { UsersPage } from '../features/users/users-page.tsx';
import { UsersSearch } from '../features/users/users-search.ts';
import { userQueries } from '../lib/queries/users.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/users')({
  validateSearch: UsersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchInfiniteQuery(userQueries.list(deps.perPage ?? LIMITS.defaultPerPage));
  },
  component: UsersRoute,
});

function UsersRoute() {
  const { perPage } = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle('Users');
  return (
    <UsersPage
      perPage={perPage ?? LIMITS.defaultPerPage}
      onPerPageChange={(value) =>
        void navigate({
          search: { perPage: value === LIMITS.defaultPerPage ? undefined : value },
        })
      }
    />
  );
}
