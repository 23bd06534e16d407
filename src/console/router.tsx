import { QueryClient } from '@tanstack/react-query';
import { createRouter, type AnyRoute } from '@tanstack/react-router';
import { PendingState } from './components/ui/spinner.tsx';
import type { SessionView } from '#contract/console/session.ts';
import { isApiError } from './lib/api-error.ts';
import type { LandingData } from './lib/landing-data.ts';
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

/** A route load slower than this shows its pending state in place of the page. */
export const PENDING_MS = 1000;

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
    // No floor: the router's default holds a pending state for at least 500 ms once shown, which cost
    // every page open half a second. The spinner only shows for a load slower than PENDING_MS (the
    // previous page stays, and the navigation progress bar speaks, until then), and goes as soon as
    // the page is ready (docs/decisions/loading-strategy.md).
    defaultPendingMs: PENDING_MS,
    defaultPendingMinMs: 0,
    scrollRestoration: true,
  });
}

/**
 * Starts the data of the routes that `href` lands on that declare `staticData.landingData` (their
 * loaders take it), before their loaders' chunks have loaded; `session` is the session check on its
 * way. Called before `preloadRouteChunks`, so that what the data needs is requested first.
 */
export function startLandingData(
  router: ReturnType<typeof createAppRouter>,
  href: string,
  session: Promise<SessionView | null>,
): void {
  const url = new URL(href);
  const signedIn = session.then((found) => {
    if (!found || found.role === null) throw new Error('No signed-in user with a role');
    return found;
  });
  signedIn.catch(() => undefined);
  for (const match of router.matchRoutes(url.pathname, Object.fromEntries(url.searchParams)))
    router.routesById[
      match.routeId as keyof typeof router.routesById
    ]?.options.staticData?.landingData?.({
      params: match.params as Record<string, string>,
      session: signedIn,
    });
}

/**
 * Starts fetching the chunks of the routes that `href` lands on (layout, page: component and loader)
 * now, while the session is checked, instead of after it (their beforeLoad runs first).
 */
export function preloadRouteChunks(router: ReturnType<typeof createAppRouter>, href: string): void {
  const url = new URL(href);
  for (const match of router.matchRoutes(url.pathname, Object.fromEntries(url.searchParams))) {
    const route = (Object.values(router.routesById) as AnyRoute[]).find(
      ({ id }) => id === match.routeId,
    );
    if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** Data to start when a page lands on the route, with the session (`startLandingData`). */
    landingData?: LandingData;
    /**
     * The route's content shows after its first frame and it calls `useMarkContentShown()` then: the
     * late parts wait for that (lib/use-after-first-content.ts).
     */
    marksContentShown?: boolean;
  }
}
