// The rows of a cursor-paged list (spec 4.5) as one array, and how to load more: when asked, or when
// the user scrolls near the end, but never again by scrolling after a failed page (that waits for the
// user's retry, so a failing page is not hammered).
import type { InfiniteData, UseSuspenseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { PageInfo } from '#contract/schemas/pagination.ts';

export function useInfiniteRows<P extends { pageInfo: PageInfo }, T>(
  query: UseSuspenseInfiniteQueryResult<InfiniteData<P>>,
  /** Module-level, so the flattened list is computed once per page load. */
  pageItems: (page: P) => readonly T[],
) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const items = useMemo(() => query.data.pages.flatMap(pageItems), [query.data, pageItems]);
  const total = query.data.pages.at(-1)?.pageInfo.total ?? items.length;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const onNearEnd = useCallback(() => {
    if (!isFetchNextPageError) loadMore();
  }, [isFetchNextPageError, loadMore]);
  return {
    items,
    total,
    loadMore,
    onNearEnd,
    hasMore: hasNextPage,
    fetching: isFetchingNextPage,
    error: isFetchNextPageError ? query.error : null,
  };
}
