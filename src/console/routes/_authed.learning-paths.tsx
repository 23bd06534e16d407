import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LearningPathsPage } from '../features/learning-paths/learning-paths-page.tsx';
import { LearningPathActions } from '../features/publish/learning-path-actions.tsx';
import { learningPathQueries } from '../lib/queries/learning-paths.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const LearningPathSearch = z.object({ id: z.uuid().optional().catch(undefined) });

export const Route = createFileRoute('/_authed/learning-paths')({
  validateSearch: LearningPathSearch,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchInfiniteQuery(learningPathQueries.list(''));
  },
  component: LearningPathsRoute,
});

function LearningPathsRoute() {
  const { id } = Route.useSearch();
  const { capabilities } = Route.useRouteContext();
  usePageTitle('Learning paths');
  return (
    <LearningPathsPage
      id={id}
      renderActions={
        capabilities.publish ? (path) => <LearningPathActions path={path} /> : undefined
      }
    />
  );
}
