// Review before publishing: the console server's reviews API (src/contract/console/reviews.ts). The
// queue and the header count poll and look again on focus, so a new request shows without a reload.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  approvePublishRequest,
  countPendingReviews,
  createPublishRequest,
  declinePublishRequest,
  listPublishRequests,
  type CreatePublishRequestBody,
} from '#contract/console/reviews.ts';
import { toast } from '../../components/ui/toast.tsx';
import { callConsole } from '../../lib/console-api.ts';

const POLL_MS = 30_000;

export const reviewQueries = {
  all: ['reviews'] as const,
  list: (view: 'pending' | 'decided', mine: boolean) =>
    queryOptions({
      queryKey: [...reviewQueries.all, 'list', view, mine] as const,
      queryFn: ({ signal }) =>
        callConsole(listPublishRequests, {
          query: { view, mine: mine ? 'true' : 'false' },
          signal,
        }),
      refetchInterval: POLL_MS,
      refetchOnWindowFocus: true,
    }),
  count: () =>
    queryOptions({
      queryKey: [...reviewQueries.all, 'count'] as const,
      queryFn: ({ signal }) => callConsole(countPendingReviews, { signal }),
      refetchInterval: POLL_MS,
      refetchOnWindowFocus: true,
    }),
};

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reviewQueries.all });
}

export function useRequestPublishing() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreatePublishRequestBody) => callConsole(createPublishRequest, { body }),
    onSuccess: async (request) => {
      await refresh();
      toast.success(`Publishing of ${request.target.title} requested`);
    },
  });
}

export function useDecide() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (decision: { id: string; approve: boolean; comment: string }) =>
      decision.approve
        ? callConsole(approvePublishRequest, {
            params: { id: decision.id },
            body: decision.comment ? { comment: decision.comment } : {},
          })
        : callConsole(declinePublishRequest, {
            params: { id: decision.id },
            body: { comment: decision.comment },
          }),
    onSettled: refresh,
    onSuccess: (request) =>
      toast.success(
        request.state === 'declined'
          ? `Publishing of ${request.target.title} declined`
          : (request.outcome ?? `Publishing of ${request.target.title} approved`),
      ),
  });
}
