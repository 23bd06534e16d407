import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { SessionView } from '#contract/console/session.ts';
import { PendingState } from '../components/ui/spinner.tsx';
import { sessionQueries } from '../lib/session.ts';
import { useAfterFirstContent } from '../lib/use-after-first-content.ts';
import { NavigationProgress } from './-components/navigation-progress.tsx';
import { ThrottleNotice } from './-components/throttle-notice.tsx';
import { RouteError } from './-components/route-error.tsx';
import { NotFound } from './-components/not-found.tsx';

export interface RouterContext {
  queryClient: QueryClient;
  /** Filled by the root's beforeLoad on every navigation; null when signed out. */
  session: SessionView | null;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => ({
    session: await context.queryClient.ensureQueryData(sessionQueries.current()),
  }),
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
  pendingComponent: () => <PendingState />,
});

// sonner (the toasts) loads after the first page shows: no toast can come before a first action.
const Toaster = lazy(() =>
  import('../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })),
);

function RootLayout() {
  const firstLoadDone = useAfterFirstContent();
  return (
    <>
      <NavigationProgress />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      <ThrottleNotice />
      {firstLoadDone ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}
