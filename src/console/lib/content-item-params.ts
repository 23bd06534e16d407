// The path params of the pages about one content item (`/content/$type/$id` and
// `/translations/$type/$id`): a content search type and an id; anything else is "Not found".
import { notFound } from '@tanstack/react-router';
import { CONTENT_SEARCH_TYPES } from '#contract/enum-lists.ts';
import type { ContentSearchType } from '#contract/enums.ts';
import { oneOf, uuid } from './url-search.ts';

export interface ContentItemParams {
  type: ContentSearchType;
  id: string;
}

const contentType = oneOf(CONTENT_SEARCH_TYPES);

/** A route's `params` option. */
export const contentItemParams = {
  parse: (raw: Record<string, string>): ContentItemParams => {
    const type = contentType(raw.type);
    const id = uuid(raw.id);
    if (type === undefined || id === undefined) throw notFound();
    return { type, id };
  },
  stringify: (params: ContentItemParams) => params,
};
