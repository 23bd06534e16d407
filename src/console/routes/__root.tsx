import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { SessionView } from '#contract/console/session.ts';
import { Toaster } from '../components/ui/toast.tsx';
import { PendingState } from '../components/ui/spinner.tsx';
import { sessionQueries } from '../lib/session.ts';
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

function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      <ThrottleNotice />
      <Toaster />
    </>
  );
}
