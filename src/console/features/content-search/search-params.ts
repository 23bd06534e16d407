// The content search's state in the URL (`/search?q=…&types=courses,learningPaths&sort=title`): a
// link reproduces the view and the back button undoes a change. Bad values fall back to defaults.
import { CONTENT_SEARCH_TYPES } from '#contract/enum-lists.ts';
import type { ContentSearchType } from '#contract/enums.ts';
import type { ContentSearch } from '../../lib/queries/content.ts';
import { oneOf, urlSearch, urlText, type UrlValue } from '../../lib/url-search.ts';

export const CONTENT_SORTS = ['title', '-title', 'updatedAt', '-updatedAt'] as const;
export const SEARCH_PAGE_SIZE = 50;

/** `types=learningPaths,courses` -> `courses,learningPaths`: spec order, unknown names dropped. */
const typeList: UrlValue<string> = (value) =>
  typeof value === 'string' ? typesParam(value.split(',')) : undefined;

export const ContentSearchParams = urlSearch({
  /** The router reads `?q=123` as a number: search text is text, whatever it looks like. */
  q: urlText(200),
  /** Comma-separated content search types; absent: every type. */
  types: typeList,
  sort: oneOf(CONTENT_SORTS),
});
export type ContentSearchParams = ReturnType<typeof ContentSearchParams.parse>;

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
