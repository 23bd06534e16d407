// Query keys and options for courses (sessions) and their structure.
import { queryOptions } from '@tanstack/react-query';
import { getCourseStructure, listCompletionCriteria } from '../content-api.ts';

const all = ['courses'] as const;

export const courseQueries = {
  all,
  structure: (courseId: string) =>
    queryOptions({
      queryKey: [...all, courseId, 'structure'] as const,
      queryFn: ({ signal }) => getCourseStructure(courseId, signal),
    }),
  completionCriteria: (courseId: string) =>
    queryOptions({
      queryKey: [...all, courseId, 'completionCriteria'] as const,
      queryFn: ({ signal }) => listCompletionCriteria(courseId, signal),
      staleTime: 0,
    }),
};
