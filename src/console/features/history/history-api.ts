// The course history's data: keyset pages of a course's versions and the comparison of two.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  compareCourseVersions,
  getCourseVersion,
  listCourseVersions,
} from '#contract/console/history.ts';
import { callConsole } from '../../lib/console-api.ts';

export const HISTORY_PAGE_SIZE = 25;

export const historyQueries = {
  all: ['history'] as const,
  versions: (courseId: string) =>
    infiniteQueryOptions({
      queryKey: [...historyQueries.all, courseId, 'versions'] as const,
      queryFn: ({ pageParam, signal }) =>
        callConsole(listCourseVersions, {
          signal,
          params: { courseId },
          query: { cursor: pageParam, limit: HISTORY_PAGE_SIZE },
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.pageInfo.hasMore ? last.pageInfo.cursor : undefined),
      staleTime: 0,
      // A change is recorded a moment after it was applied (its calls are gathered first): look again.
      refetchInterval: 5000,
    }),
  compare: (courseId: string, from: number, to: number) =>
    queryOptions({
      queryKey: [...historyQueries.all, courseId, 'compare', from, to] as const,
      queryFn: ({ signal }) =>
        callConsole(compareCourseVersions, {
          signal,
          params: { courseId },
          query: { from, to },
        }),
      staleTime: Infinity,
    }),
};

/** One version with the course before and after (the editor's restore reads it). */
export const fetchVersion = (courseId: string, number: number, signal?: AbortSignal) =>
  callConsole(getCourseVersion, { signal, params: { courseId, number: String(number) } });
