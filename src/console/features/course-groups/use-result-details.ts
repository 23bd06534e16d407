// The search API answers only id, title, slug, status, kind and date. To show the list's columns and
// to apply the Template and Archived filters, each loaded result's group is read (`GET
// /courseGroups/{id}`), a few at a time, into the query cache the rows read from.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CourseGroup } from '#contract/schemas/read-models.ts';
import { forEachBounded } from '../../lib/bulk/bulk-runner.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';

const CONCURRENCY = 4;

export interface ResultDetails {
  get(id: string): CourseGroup | undefined;
  /** Loaded results whose details are still being read. */
  pending: number;
  /** Changes whenever details arrive, for memoized filters. */
  version: number;
}

export function useResultDetails(ids: readonly string[]): ResultDetails {
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(0);
  const [failed] = useState(() => new Set<string>());
  const detailOf = (id: string) =>
    queryClient.getQueryData<CourseGroup>(courseGroupQueries.detail(id).queryKey);

  useEffect(() => {
    const abort = new AbortController();
    const missing = ids.filter(
      (id) =>
        !failed.has(id) &&
        queryClient.getQueryData(courseGroupQueries.detail(id).queryKey) === undefined,
    );
    void forEachBounded(
      missing,
      CONCURRENCY,
      async (id) => {
        try {
          await queryClient.ensureQueryData(courseGroupQueries.detail(id));
        } catch {
          // A row whose details fail keeps its placeholders; filters that need them leave it out.
          failed.add(id);
        }
        if (!abort.signal.aborted) setVersion((value) => value + 1);
      },
      () => abort.signal.aborted,
    );
    return () => abort.abort();
  }, [ids, queryClient, failed]);

  const pending = ids.filter((id) => !failed.has(id) && detailOf(id) === undefined).length;
  return { get: detailOf, pending, version };
}
