// A thin bar at the top while a navigation loads: the previous page stays until the next one is ready
// (the router shows a pending page only for loads slower than PENDING_MS), so this says "working".
// It fades in after a short delay (CSS), so a fast navigation shows nothing at all.
import { useRouterState } from '@tanstack/react-router';

export function NavigationProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' });
  if (!loading) return null;
  return <div className="navigation-progress" aria-hidden="true" />;
}
