// Error boundary content for every route: shows the API's messages and a retry that reloads the
// route's loader and resets the failed queries.
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorState } from '../../components/ui/error-state.tsx';

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  return (
    <div className="page">
      <ErrorState error={error} onRetry={() => void router.invalidate()} />
    </div>
  );
}
