// Query keys and options for course groups: one place, keys from general to specific.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CourseGroupKind } from '#contract/enums.ts';
import type { PageInfo } from '#contract/schemas/pagination.ts';
import {
  getCourseGroup,
  getCourseGroupBySlug,
  getDisplayCourse,
  listCourseGroups,
  listGroupCourses,
  searchContent,
} from '../content-api.ts';

export interface CourseGroupFilters {
  kind?: CourseGroupKind | undefined;
  isTemplate?: boolean | undefined;
  archived?: boolean | undefined;
  perPage: number;
}

export interface CourseGroupSearch {
  query: string;
  sort?: 'title' | '-title' | 'updatedAt' | '-updatedAt' | undefined;
  perPage: number;
}

/** Spec 4.5: pass the cursor unchanged and stop when `hasMore` is false. */
export function nextCursor(pageInfo: PageInfo): string | undefined {
  return pageInfo.hasMore ? pageInfo.cursor : undefined;
}

const all = ['courseGroups'] as const;

export const courseGroupQueries = {
  all,
  lists: () => [...all, 'list'] as const,
  list: (filters: CourseGroupFilters) =>
    infiniteQueryOptions({
      queryKey: [...all, 'list', filters] as const,
      queryFn: ({ pageParam, signal }) =>
        listCourseGroups({ ...filters, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => nextCursor(last.pageInfo),
    }),
  search: (search: CourseGroupSearch) =>
    infiniteQueryOptions({
      queryKey: [...all, 'search', search] as const,
      queryFn: ({ pageParam, signal }) =>
        searchContent({ types: ['courseGroups'], ...search, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => nextCursor(last.pageInfo),
    }),
  details: () => [...all, 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...all, 'detail', id] as const,
      queryFn: ({ signal }) => getCourseGroup(id, signal),
    }),
  courses: (id: string, activeOnly: boolean) =>
    queryOptions({
      queryKey: [...all, 'detail', id, 'courses', { activeOnly }] as const,
      queryFn: ({ signal }) => listGroupCourses(id, activeOnly, signal),
    }),
  displayCourse: (id: string) =>
    queryOptions({
      queryKey: [...all, 'detail', id, 'displayCourse'] as const,
      queryFn: ({ signal }) => getDisplayCourse(id, signal),
    }),
  bySlug: (slug: string) =>
    queryOptions({
      queryKey: [...all, 'slug', slug] as const,
      queryFn: ({ signal }) => getCourseGroupBySlug(slug, signal),
      staleTime: 0,
    }),
};
