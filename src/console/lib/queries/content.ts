// Query keys and options for content search across types, one item's body and full content.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ContentSearchType } from '#contract/enums.ts';
import {
  getContentBody,
  getFullContent,
  searchContent,
  type ContentSearchParams,
  type FullContentType,
} from '../content-api.ts';
import { nextCursor } from './course-groups.ts';

const all = ['content'] as const;

export type ContentSort = NonNullable<ContentSearchParams['sort']>;

export interface ContentSearch {
  query: string;
  types: readonly ContentSearchType[];
  sort?: ContentSort | undefined;
  perPage: number;
}

/** Page size of the walk that loads every course for the price grid (the sandbox's maximum). */
export const COURSE_INDEX_PAGE = 500;

export const contentQueries = {
  all,
  search: (search: ContentSearch) =>
    infiniteQueryOptions({
      queryKey: [...all, 'search', search] as const,
      queryFn: ({ pageParam, signal }) =>
        searchContent({ ...search, query: search.query || undefined, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => nextCursor(last.pageInfo),
    }),
  /** How many items of one type match: one row is enough, `pageInfo.total` says the rest. */
  typeCount: (type: ContentSearchType, query: string) =>
    queryOptions({
      queryKey: [...all, 'count', type, { query }] as const,
      queryFn: ({ signal }) =>
        searchContent({ types: [type], query: query || undefined, perPage: 1 }, signal).then(
          (page) => page.pageInfo.total,
        ),
    }),
  /** The first page of a search only, for a picker. */
  firstPage: (search: ContentSearch) =>
    queryOptions({
      queryKey: [...all, 'first', search] as const,
      queryFn: ({ signal }) =>
        searchContent({ ...search, query: search.query || undefined }, signal),
    }),
  /** The first few items of one type that match, for a picker. */
  typeMatches: (type: ContentSearchType, query: string) =>
    queryOptions({
      queryKey: [...all, 'matches', type, { query }] as const,
      queryFn: ({ signal }) =>
        searchContent({ types: [type], query, sort: 'title', perPage: 8 }, signal).then(
          (page) => page.content,
        ),
    }),
  /** Every course with its SKU and current price, a page of 500 at a time. */
  courseIndex: () =>
    infiniteQueryOptions({
      queryKey: [...all, 'courseIndex'] as const,
      queryFn: ({ pageParam, signal }) =>
        searchContent(
          { types: ['courses'], sort: 'title', perPage: COURSE_INDEX_PAGE, cursor: pageParam },
          signal,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => nextCursor(last.pageInfo),
      staleTime: 60_000,
    }),
  body: (type: ContentSearchType, id: string) =>
    queryOptions({
      queryKey: [...all, 'body', type, id] as const,
      queryFn: ({ signal }) => getContentBody(type, id, signal),
    }),
  full: (type: FullContentType, id: string) =>
    queryOptions({
      queryKey: [...all, 'full', type, id] as const,
      queryFn: ({ signal }) => getFullContent(type, id, signal),
    }),
};
