// Every course with its SKU and current price, loaded page by page (500 at a time) until the cursor
// chain ends, so pasted rows can be resolved by SKU or id without a read per row. Until it is complete,
// the page says how far it got and keeps pasting off (a course not loaded yet would look unknown).
import { useQueryClient, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { contentQueries } from '../../lib/queries/content.ts';
import { buildCourseIndex } from './price-model.ts';

export function useCourseIndex() {
  const query = useSuspenseInfiniteQuery(contentQueries.courseIndex());
  const queryClient = useQueryClient();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const index = useMemo(
    () => buildCourseIndex(query.data.pages.flatMap((page) => page.content)),
    [query.data],
  );
  const total = query.data.pages.at(-1)?.pageInfo.total ?? index.courses.length;

  /** Writes prices the API confirmed into the loaded index (no re-read of every page). */
  const confirmPrices = useCallback(
    (prices: ReadonlyMap<string, number>) => {
      if (prices.size === 0) return;
      queryClient.setQueryData(contentQueries.courseIndex().queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                content: page.content.map((item) =>
                  prices.has(item.id) ? { ...item, priceInCents: prices.get(item.id)! } : item,
                ),
              })),
            }
          : data,
      );
    },
    [queryClient],
  );

  return {
    index,
    total,
    complete: !hasNextPage,
    loadError: isFetchNextPageError ? query.error : null,
    retryLoad: () => void fetchNextPage(),
    confirmPrices,
  };
}
