// The browser's state in the URL: shareable, and the back button walks through filter changes.
import { z } from 'zod';
import { CourseGroupKind } from '#contract/enums.ts';
import { LIMITS } from '#contract/limits.ts';
import type { CourseGroupFilters, CourseGroupSearch } from '../../lib/queries/course-groups.ts';

export const PER_PAGE_CHOICES = [25, 50, 100, 250, LIMITS.maxPerPage] as const;
export const SEARCH_SORTS = ['title', '-title', 'updatedAt', '-updatedAt'] as const;

// `.catch(undefined)`: a hand-edited or stale URL falls back to the default instead of an error page.
export const BrowserSearch = z.object({
  kind: CourseGroupKind.optional().catch(undefined),
  isTemplate: z.boolean().optional().catch(undefined),
  archived: z.boolean().optional().catch(undefined),
  perPage: z
    .number()
    .refine((value) => (PER_PAGE_CHOICES as readonly number[]).includes(value))
    .optional()
    .catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  sort: z.enum(SEARCH_SORTS).optional().catch(undefined),
});
export type BrowserSearch = z.infer<typeof BrowserSearch>;

export function listFilters(search: BrowserSearch): CourseGroupFilters {
  return {
    kind: search.kind,
    isTemplate: search.isTemplate,
    archived: search.archived,
    perPage: search.perPage ?? LIMITS.defaultPerPage,
  };
}

/** Null when the search box is empty: the browser then lists with filters instead. */
export function contentSearch(search: BrowserSearch): CourseGroupSearch | null {
  if (!search.q) return null;
  return { query: search.q, sort: search.sort, perPage: search.perPage ?? LIMITS.defaultPerPage };
}
