// Query keys and options for learning paths.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { LearningPathMilestones } from '#contract/schemas/read-models.ts';
import type { z } from 'zod';
import { getLearningPath, searchContent } from '../content-api.ts';
import { nextCursor } from './course-groups.ts';

const all = ['learningPaths'] as const;

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
  detail: (id: string) =>
    queryOptions({
      queryKey: [...all, 'detail', id] as const,
      queryFn: ({ signal }) => getLearningPath(id, signal),
    }),
};

export type LearningPath = z.infer<typeof LearningPathMilestones>['learningPath'];
