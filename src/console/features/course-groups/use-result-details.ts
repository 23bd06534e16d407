// The search API answers only id, title, slug, status, kind and date. To show the list's columns and
// to apply the Template and Archived filters, each loaded result's group is read (`GET
// /courseGroups/{id}`), a few at a time, into the query cache the rows read from.
import { isCancelledError, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CourseGroup } from '#contract/schemas/read-models.ts';
import { forEachBounded } from '../../lib/bulk/bulk-runner.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';

const CONCURRENCY = 4;
/** A read cancelled under us is asked again this many times before waiting for the next run. */
const CANCELLED_TRIES = 3;

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
        for (let tries = 1; tries <= CANCELLED_TRIES && !abort.signal.aborted; tries += 1) {
          try {
            await queryClient.ensureQueryData(courseGroupQueries.detail(id));
            break;
          } catch (error) {
            // A row remounting mid-read (first rows, then the virtual list) was the query's last
            // observer, and its leaving cancels the read: that is no failure, so ask again.
            if (isCancelledError(error)) continue;
            // A row whose details fail says "Not read"; filters that need them leave it out.
            failed.add(id);
            break;
          }
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
