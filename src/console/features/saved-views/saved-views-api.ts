// Saved views' data: one query of every view the user sees (all screens: the navigation's pins read it
// too), and the changes, each refreshing it. Contract: src/contract/console/saved-views.ts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  pinSavedView,
  updateSavedView,
  type CreateSavedViewBody,
  type SavedView,
  type UpdateSavedViewBody,
} from '#contract/console/saved-views.ts';
import { callConsole } from '../../lib/console-api.ts';

export const savedViewQueries = {
  all: ['saved-views'] as const,
  list: () =>
    queryOptions({
      queryKey: [...savedViewQueries.all, 'list'] as const,
      queryFn: ({ signal }) => callConsole(listSavedViews, { signal }),
      select: (answer) => answer.views,
      staleTime: 30_000,
    }),
};

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: savedViewQueries.all });
}

export function useCreateView() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateSavedViewBody) => callConsole(createSavedView, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateView() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      view,
      change,
    }: {
      view: SavedView;
      change: Omit<UpdateSavedViewBody, 'version'>;
    }) =>
      callConsole(updateSavedView, {
        params: { id: view.id },
        body: { ...change, version: view.version },
      }),
    // A refusal (someone else changed it) shows the latest version too.
    onSettled: refresh,
  });
}

export function useDeleteView() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (view: SavedView) =>
      callConsole(deleteSavedView, {
        params: { id: view.id },
        query: { version: view.version },
      }),
    onSettled: refresh,
  });
}

export function usePinView() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ view, pinned }: { view: SavedView; pinned: boolean }) =>
      callConsole(pinSavedView, { params: { id: view.id }, body: { pinned } }),
    onSettled: refresh,
  });
}
