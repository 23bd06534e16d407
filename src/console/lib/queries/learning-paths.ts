// Query keys and options for learning paths.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { LearningPathMilestones } from '#contract/schemas/read-models.ts';
import type { z } from '#contract/zod.ts';
import { getLearningPath, getLearningPathBySku, searchContent } from '../content-api.ts';
import { nextCursor } from './course-groups.ts';

const all = ['learningPaths'] as const;

export type LearningPathKey = { id: string } | { sku: string };

export const learningPathQueries = {
  all,
  list: (query: string) =>
    infiniteQueryOptions({
      queryKey: [...all, 'list', { query }] as const,
      queryFn: ({ pageParam, signal }) =>
        searchContent(
          { types: ['learningPaths'], query: query || undefined, perPage: 50, cursor: pageParam },
          signal,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => nextCursor(last.pageInfo),
    }),
  detail: (id: string) => learningPathQueries.find({ id }),
  /** By id or by SKU; one cache entry per id and per SKU. */
  find: (key: LearningPathKey) =>
    queryOptions({
      queryKey: [...all, 'detail', 'id' in key ? key.id : `sku:${key.sku}`] as const,
      queryFn: ({ signal }) =>
        'id' in key ? getLearningPath(key.id, signal) : getLearningPathBySku(key.sku, signal),
    }),
};

export type LearningPath = z.infer<typeof LearningPathMilestones>['learningPath'];
