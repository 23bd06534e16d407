// The ways to sign in and the demo-accounts hint (GET /api/meta), apart from session.ts: the session
// check runs in the shell every first page loads, this only on the pages that show sign-in choices.
import { queryOptions } from '@tanstack/react-query';
import { getMeta } from '#contract/console/health.ts';
import { callConsole } from './console-api.ts';
import { sessionQueries } from './session.ts';

/** Under the session's key: whatever forgets the session forgets this too. */
export const sessionMetaQuery = () =>
  queryOptions({
    queryKey: [...sessionQueries.all, 'meta'] as const,
    queryFn: ({ signal }) => callConsole(getMeta, { signal, quiet: true }),
    staleTime: Infinity,
  });
