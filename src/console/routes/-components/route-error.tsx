// Error boundary content for every route: shows the API's messages and a retry that reloads the
// route's loader and resets the failed queries. "Not found" is a dead end instead: no retry, a link
// back to the list the address belongs to.
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NotFoundPage } from '../../components/dead-ends.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { errorMessages, isApiError } from '../../lib/api-error.ts';
import { isChunkLoadError } from '../../lib/chunk-error.ts';

function backTo(pathname: string) {
  if (pathname.startsWith('/learning-paths'))
    return { to: '/learning-paths' as const, label: 'Back to learning paths' };
  if (pathname.startsWith('/events'))
    return { to: '/events' as const, label: 'Back to the event monitor' };
  return { to: '/course-groups' as const, label: 'Back to course groups' };
}

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  if (isApiError(error) && error.kind === 'not-found')
    return (
      <NotFoundPage title="Not found" back={backTo(pathname)}>
        {errorMessages(error).join(' ')}
      </NotFoundPage>
    );
  if (isChunkLoadError(error))
    return (
      <div className="page">
        <ErrorState
          error={
            new Error(
              'A part of this page could not be loaded, usually because a new version of Lectern was installed while the page was open. Reload to continue: unapplied changes in the editor are kept in this browser.',
            )
          }
          title="Lectern has been updated"
          retryLabel="Reload the page"
          onRetry={() => window.location.reload()}
        />
      </div>
    );
  return (
    <div className="page">
      <ErrorState error={error} onRetry={() => void router.invalidate()} />
    </div>
  );
}
