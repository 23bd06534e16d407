import { createFileRoute } from '@tanstack/react-router';
import { LearningPathsPage } from '../features/learning-paths/learning-paths-page.tsx';
import { LearningPathActions } from '../features/publish/learning-path-actions.tsx';
import { PathSchedules } from '../features/schedules/path-schedules.tsx';
import { learningPathQueries } from '../lib/queries/learning-paths.ts';
import { urlSearch, urlText, uuid } from '../lib/url-search.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** `?id=<uuid>` or `?sku=<text>` (the router hands `?sku=123` over as a number). */
const LearningPathSearch = urlSearch({
  id: uuid,
  sku: urlText(200, { booleans: false }),
});

export const Route = createFileRoute('/_authed/learning-paths')({
  validateSearch: LearningPathSearch,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchInfiniteQuery(learningPathQueries.list(''));
  },
  component: LearningPathsRoute,
});

function LearningPathsRoute() {
  const { id, sku } = Route.useSearch();
  const { capabilities } = Route.useRouteContext();
  usePageTitle('Learning paths');
  return (
    <LearningPathsPage
      lookup={id ? { id } : sku ? { sku } : null}
      renderActions={
        capabilities.publish
          ? (path) => (
              <>
                <LearningPathActions path={path} />
                <PathSchedules path={path} />
              </>
            )
          : undefined
      }
    />
  );
}
