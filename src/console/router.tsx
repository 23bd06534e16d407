import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { PendingState } from './components/ui/spinner.tsx';
import { isApiError } from './lib/api-error.ts';
import { routeTree } from './route-tree.gen.ts';
import { RouteError } from './routes/-components/route-error.tsx';
import { NotFound } from './routes/-components/not-found.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Errors are shown with a retry action; an automatic retry would only delay them. Throttling
        // (429) is already waited out inside the API client.
        retry: (failureCount, error) => !isApiError(error) && failureCount < 1,
        // Refetching 10,000 loaded rows because a window regained focus is not worth it.
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient, session: null },
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: () => <PendingState />,
    defaultPendingMs: 150,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
