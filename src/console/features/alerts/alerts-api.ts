// Alerts' data (contract: src/contract/console/alerts.ts). The bell's summary is polled every 15 s and
// again when the tab regains focus: it is read from the shared database, so it is the same whichever
// console server answers.
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import {
  acknowledgeAlert,
  createAlertRule,
  deleteAlertRule,
  getAlertSummary,
  listAlertRules,
  listAlerts,
  markAlertsRead,
  updateAlertRule,
  type AlertRuleInput,
} from '#contract/console/alerts.ts';
import { callConsole } from '../../lib/console-api.ts';

export const SUMMARY_EVERY_MS = 15_000;

export const alertQueries = {
  all: ['alerts'] as const,
  summary: () =>
    queryOptions({
      queryKey: [...alertQueries.all, 'summary'] as const,
      queryFn: ({ signal }) => callConsole(getAlertSummary, { signal }),
      refetchInterval: SUMMARY_EVERY_MS,
      refetchOnWindowFocus: 'always',
      staleTime: 5_000,
    }),
  rules: () =>
    queryOptions({
      queryKey: [...alertQueries.all, 'rules'] as const,
      queryFn: ({ signal }) => callConsole(listAlertRules, { signal }),
      select: (answer) => answer.rules,
      refetchInterval: SUMMARY_EVERY_MS,
    }),
  list: (filter: { open?: boolean; limit?: number }) =>
    infiniteQueryOptions({
      queryKey: [...alertQueries.all, 'list', filter] as const,
      queryFn: ({ signal, pageParam }) =>
        callConsole(listAlerts, {
          signal,
          query: {
            open: filter.open ? 'true' : undefined,
            limit: filter.limit ?? 25,
            cursor: pageParam,
          },
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => (page.pageInfo.hasMore ? page.pageInfo.cursor : undefined),
      refetchInterval: SUMMARY_EVERY_MS,
    }),
};

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alertQueries.all });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => callConsole(markAlertsRead, { body: { upTo } }),
    onSuccess: (summary) => {
      queryClient.setQueryData(alertQueries.summary().queryKey, summary);
    },
  });
}

export function useAcknowledge() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => callConsole(acknowledgeAlert, { params: { id } }),
    onSettled: refresh,
  });
}

export function useSaveRule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      id,
      version,
      rotateSecret,
      input,
    }: {
      id?: string;
      version?: number;
      rotateSecret?: boolean;
      input: AlertRuleInput;
    }) =>
      id === undefined
        ? callConsole(createAlertRule, { body: input })
        : callConsole(updateAlertRule, {
            params: { id },
            body: { ...input, version: version!, rotateSecret: rotateSecret ?? false },
          }),
    onSettled: refresh,
  });
}

export function useDeleteRule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => callConsole(deleteAlertRule, { params: { id } }),
    onSettled: refresh,
  });
}
