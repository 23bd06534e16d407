// The report of a saved course from the console server (GET /api/courses/{courseId}/checks): the
// first answer starts the check, then the running check's version is polled once a second until the
// report is there. `refresh` checks again now (fetching again the links that failed).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  getCourseChecks,
  type CourseCheckReport,
  type CourseChecksAnswer,
} from '#contract/console/course-checks.ts';
import { callConsole } from './console-api.ts';

export const courseChecksKey = (courseId: string) => ['courseChecks', courseId] as const;

async function readChecks(
  courseId: string,
  previous: CourseChecksAnswer | undefined,
  refresh: boolean,
  signal: AbortSignal,
): Promise<CourseChecksAnswer> {
  const version = previous?.state === 'running' ? previous.version : undefined;
  return callConsole(getCourseChecks, {
    params: { courseId },
    query: { version, refresh: refresh ? 'true' : undefined },
    signal,
  });
}

/**
 * The saved course's report, polled while its check runs; null courseId (an unsaved course): none.
 * `report` is the latest finished report: while a new check runs (after an apply), the last one stays
 * shown, so a finding clears when the check that no longer finds it is done, not while it runs.
 */
export function useSavedChecks(courseId: string | null) {
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const key = courseChecksKey(courseId ?? '');
  const query = useQuery({
    queryKey: key,
    enabled: courseId !== null,
    queryFn: ({ signal }) =>
      readChecks(courseId!, client.getQueryData<CourseChecksAnswer>(key), false, signal),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 1000 : false),
    staleTime: 0,
  });
  const refresh = useCallback(async () => {
    if (!courseId) return;
    setRefreshing(true);
    try {
      const answer = await readChecks(courseId, undefined, true, new AbortController().signal);
      client.setQueryData(courseChecksKey(courseId), answer);
    } finally {
      setRefreshing(false);
    }
  }, [client, courseId]);
  // The latest finished report, kept as state derived while rendering (React's pattern for it).
  const [last, setLast] = useState<CourseCheckReport | undefined>(undefined);
  const data = query.data;
  if (data?.state === 'done' && data !== last) setLast(data);
  const latest = data?.state === 'done' ? data : last;
  const report = latest?.courseId === courseId ? latest : undefined;
  return { query, report, refresh, refreshing };
}
