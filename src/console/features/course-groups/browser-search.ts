// The browser's state in the URL: shareable, and the back button walks through filter changes.
import { COURSE_GROUP_KINDS } from '#contract/enum-lists.ts';
import { LIMITS } from '#contract/limits.ts';
import type { CourseGroupFilters, CourseGroupSearch } from '../../lib/queries/course-groups.ts';
import { bool, numberIn, oneOf, urlSearch, urlString } from '../../lib/url-search.ts';

export const PER_PAGE_CHOICES = [25, 50, 100, 250, LIMITS.maxPerPage] as const;
export const SEARCH_SORTS = ['title', '-title', 'updatedAt', '-updatedAt'] as const;

// A hand-edited or stale URL falls back to the default instead of an error page.
export const BrowserSearch = urlSearch({
  kind: oneOf(COURSE_GROUP_KINDS),
  isTemplate: bool,
  archived: bool,
  perPage: numberIn(PER_PAGE_CHOICES),
  q: urlString({ trim: true, max: 200 }),
  sort: oneOf(SEARCH_SORTS),
});
export type BrowserSearch = ReturnType<typeof BrowserSearch.parse>;

export function listFilters(search: BrowserSearch): CourseGroupFilters {
  return {
    kind: search.kind,
    isTemplate: search.isTemplate,
    archived: search.archived,
    perPage: search.perPage ?? LIMITS.defaultPerPage,
  };
}

/** Filters the search API cannot apply: the browser applies them to the loaded results. */
export type ClientFilters = Pick<CourseGroupFilters, 'kind' | 'isTemplate' | 'archived'>;

export function clientFilters(search: BrowserSearch): ClientFilters {
  return { kind: search.kind, isTemplate: search.isTemplate, archived: search.archived };
}

/** Null when the search box is empty: the browser then lists with filters instead. */
export function contentSearch(search: BrowserSearch): CourseGroupSearch | null {
  if (!search.q) return null;
  return { query: search.q, sort: search.sort, perPage: search.perPage ?? LIMITS.defaultPerPage };
}
