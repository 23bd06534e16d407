// Wires the API client's events to the UI: 401 -> sign-in (and back afterwards), no role -> the
// no-access page, 429 -> the throttle notice.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { apiClient } from './api.ts';
import { sessionQueries } from './session.ts';
import { throttleStore } from './throttle-store.ts';

export function connectApiHooks(router: AnyRouter, queryClient: QueryClient): void {
  apiClient.setHooks({
    onUnauthenticated() {
      queryClient.setQueryData(sessionQueries.current().queryKey, null);
      const here = router.state.location.href;
      if (router.state.location.pathname === '/sign-in') return;
      void router.navigate({ to: '/sign-in', search: { redirect: here } });
    },
    onNoAccess() {
      void queryClient.invalidateQueries({ queryKey: sessionQueries.all });
      void router.navigate({ to: '/no-access' });
    },
    onThrottleStart: (notice) => throttleStore.start(notice),
    onThrottleEnd: (id) => throttleStore.end(id),
  });
}
