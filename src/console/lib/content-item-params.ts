// The path params of the pages about one content item (`/content/$type/$id` and
// `/translations/$type/$id`): a content search type and an id; anything else is "Not found".
import { notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { ContentSearchType } from '#contract/enums.ts';

const ContentItemParams = z.object({ type: ContentSearchType, id: z.uuid() });
export type ContentItemParams = z.infer<typeof ContentItemParams>;

/** A route's `params` option. */
export const contentItemParams = {
  parse: (raw: Record<string, string>): ContentItemParams => {
    const parsed = ContentItemParams.safeParse(raw);
    if (!parsed.success) throw notFound();
    return parsed.data;
  },
  stringify: (params: ContentItemParams) => params,
};
