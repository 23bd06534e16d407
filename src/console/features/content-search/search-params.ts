// The content search's state in the URL (`/search?q=…&types=courses,learningPaths&sort=title`): a
// link reproduces the view and the back button undoes a change. Bad values fall back to defaults.
import { z } from 'zod';
import { CONTENT_SEARCH_TYPES, type ContentSearchType } from '#contract/enums.ts';
import type { ContentSearch } from '../../lib/queries/content.ts';

export const CONTENT_SORTS = ['title', '-title', 'updatedAt', '-updatedAt'] as const;
export const SEARCH_PAGE_SIZE = 50;

/** The router reads `?q=123` as a number: search text is text, whatever it looks like. */
const text = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1).max(200));

/** `types=learningPaths,courses` -> `courses,learningPaths`: spec order, unknown names dropped. */
const typeList = z.string().transform((value) => typesParam(value.split(',')));

export const ContentSearchParams = z.object({
  q: text.optional().catch(undefined),
  /** Comma-separated content search types; absent: every type. */
  types: typeList.optional().catch(undefined),
  sort: z.enum(CONTENT_SORTS).optional().catch(undefined),
});
export type ContentSearchParams = z.output<typeof ContentSearchParams>;

/** What the URL holds for a set of types: every type is the same as none picked. */
export function typesParam(types: readonly string[]): string | undefined {
  const ordered = CONTENT_SEARCH_TYPES.filter((type) => types.includes(type));
  return ordered.length === 0 || ordered.length === CONTENT_SEARCH_TYPES.length
    ? undefined
    : ordered.join(',');
}

/** The types the URL picked; empty when every type is searched. */
export function pickedTypes(params: ContentSearchParams): ContentSearchType[] {
  const wanted = params.types?.split(',') ?? [];
  return CONTENT_SEARCH_TYPES.filter((type) => wanted.includes(type));
}

/** The request: the picked types, or every content search type of the spec (2.6). */
export function toContentSearch(params: ContentSearchParams): ContentSearch {
  const picked = pickedTypes(params);
  return {
    query: params.q ?? '',
    types: picked.length > 0 ? picked : CONTENT_SEARCH_TYPES,
    sort: params.sort,
    perPage: SEARCH_PAGE_SIZE,
  };
}
