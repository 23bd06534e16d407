// Query keys and options for the users list (`GET /users`, throttled upstream: the API client waits
// out each 429 for Retry-After and the shell says so).
import { infiniteQueryOptions } from '@tanstack/react-query';
import { listUsers } from '../content-api.ts';
import { nextCursor } from './course-groups.ts';

const all = ['users'] as const;

export const userQueries = {
  all,
  list: (perPage: number) =>
    infiniteQueryOptions({
      queryKey: [...all, 'list', { perPage }] as const,
      queryFn: ({ pageParam, signal }) => listUsers({ perPage, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => nextCursor(last.pageInfo),
    }),
};
