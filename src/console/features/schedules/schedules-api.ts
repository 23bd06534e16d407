// Scheduled actions' data: the console server's schedules API (src/contract/console/schedules.ts).
// Lists poll while something is due soon, so a run shows up without a reload.
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelSchedule,
  createSchedule,
  listSchedules,
  type CreateScheduleBody,
  type ScheduleView,
} from '#contract/console/schedules.ts';
import { toast } from '../../components/ui/toast.tsx';
import { callConsole } from '../../lib/console-api.ts';
import { SCHEDULE_ACTION_LABELS } from './schedule-words.ts';

export interface ScheduleFilter {
  view: ScheduleView;
  groupId?: string;
  targetId?: string;
}

const POLL_MS = 15_000;

export const scheduleQueries = {
  all: ['schedules'] as const,
  list: (filter: ScheduleFilter) =>
    infiniteQueryOptions({
      queryKey: [...scheduleQueries.all, filter] as const,
      queryFn: ({ signal, pageParam }) =>
        callConsole(listSchedules, {
          query: { ...filter, cursor: pageParam, limit: 50 },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => (page.pageInfo.hasMore ? page.pageInfo.cursor : undefined),
      refetchInterval: filter.view === 'upcoming' ? POLL_MS : false,
      refetchOnWindowFocus: true,
    }),
};

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: scheduleQueries.all });
}

export function useCreateSchedule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateScheduleBody) => callConsole(createSchedule, { body }),
    onSuccess: async (schedule) => {
      await refresh();
      toast.success(
        `${SCHEDULE_ACTION_LABELS[schedule.action]} of ${schedule.target.title} scheduled`,
      );
    },
  });
}

export function useCancelSchedule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => callConsole(cancelSchedule, { params: { id } }),
    onSettled: refresh,
    onSuccess: (schedule) =>
      toast.success(
        `${SCHEDULE_ACTION_LABELS[schedule.action]} of ${schedule.target.title} cancelled`,
      ),
  });
}
