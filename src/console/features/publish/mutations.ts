// Single publish/status/archive actions. Each resolves only on the API's confirmation, then refreshes
// every cached read that shows a status.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UPDATE_COURSE_STATUSES } from '#contract/enums.ts';
import { toast } from '../../components/ui/toast.tsx';
import { STATUS_LABELS } from '../../lib/labels/catalog.ts';
import { releaseContent, updateCourses } from '../../lib/content-api.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { courseQueries } from '../../lib/queries/courses.ts';
import { learningPathQueries } from '../../lib/queries/learning-paths.ts';

function useRefreshStatuses() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: courseGroupQueries.all }),
      queryClient.invalidateQueries({ queryKey: courseQueries.all }),
      queryClient.invalidateQueries({ queryKey: learningPathQueries.all }),
    ]);
}

export interface ReleaseInput {
  id: string;
  kind: 'course' | 'learningPath';
  action: 'release' | 'unrelease';
  title: string;
}

export function useReleaseContent() {
  const refresh = useRefreshStatuses();
  return useMutation({
    mutationFn: async ({ id, kind, action }: ReleaseInput) => {
      const answer = await releaseContent(id, { kind, action });
      const expected = action === 'release' ? 'published' : 'draft';
      if (answer.status !== expected) {
        throw new Error(`The API answered status '${answer.status}', not '${expected}'.`);
      }
      return answer;
    },
    onSuccess: async (answer, input) => {
      await refresh();
      toast.success(
        `${input.action === 'release' ? 'Published' : 'Unpublished'} “${input.title}” (now ${STATUS_LABELS[answer.status].toLowerCase()})`,
      );
    },
  });
}

export type CourseStatusChoice = (typeof UPDATE_COURSE_STATUSES)[number];

export function useChangeCourseStatus() {
  const refresh = useRefreshStatuses();
  return useMutation({
    mutationFn: ({
      id,
      status,
    }: {
      id: string;
      status: CourseStatusChoice;
      title: string;
      clearedSchedule?: boolean;
    }) => updateCourses({ courses: [{ id, status }] }),
    onSuccess: async (_answer, input) => {
      await refresh();
      toast.success(
        input.clearedSchedule
          ? `Schedule of “${input.title}” cleared (now draft)`
          : `Status of “${input.title}” changed to ${STATUS_LABELS[input.status].toLowerCase()}`,
      );
    },
  });
}

export function useSetGroupArchived() {
  const refresh = useRefreshStatuses();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean; title: string }) =>
      updateCourses({ courseGroups: [{ id, archived }] }),
    onSuccess: async (_answer, input) => {
      await refresh();
      toast.success(`${input.archived ? 'Archived' : 'Restored'} “${input.title}”`);
    },
  });
}
