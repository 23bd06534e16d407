// Query keys and options for translation files (`GET /content/{type}/{id}.xlf`).
import { queryOptions } from '@tanstack/react-query';
import type { ContentSearchType } from '#contract/enums.ts';
import { downloadTranslation } from '../content-api.ts';

const all = ['translations'] as const;

export const translationQueries = {
  all,
  /** The item's file; with `language`, the translations stored for that language filled in. */
  file: (type: ContentSearchType, id: string, language?: string) =>
    queryOptions({
      queryKey: [...all, type, id, { language: language ?? null }] as const,
      queryFn: ({ signal }) => downloadTranslation(type, id, language, signal),
      staleTime: 0,
    }),
};
