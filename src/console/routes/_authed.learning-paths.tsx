import { createFileRoute } from '@tanstack/react-router';
import { lateComponent, usePreloadAfterFirstContent } from '../components/late-component.tsx';
import { LearningPathsPage } from '../features/learning-paths/learning-paths-page.tsx';
import { learningPathQueries, type LearningPath } from '../lib/queries/learning-paths.ts';
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

// A chosen path's publish actions and schedules show only once a path is chosen: their code loads after
// the first content, or with the path (its detail's pending state, shown while it is read, covers both).
const PathActions = lateComponent<{ path: LearningPath }>(() =>
  Promise.all([
    import('../features/publish/learning-path-actions.tsx'),
    import('../features/schedules/path-schedules.tsx'),
  ]).then(
    ([{ LearningPathActions }, { PathSchedules }]) =>
      function PathActions({ path }: { path: LearningPath }) {
        return (
          <>
            <LearningPathActions path={path} />
            <PathSchedules path={path} />
          </>
        );
      },
  ),
);

function LearningPathsRoute() {
  const { id, sku } = Route.useSearch();
  const { capabilities } = Route.useRouteContext();
  usePageTitle('Learning paths');
  usePreloadAfterFirstContent(PathActions, capabilities.publish);
  return (
    <LearningPathsPage
      lookup={id ? { id } : sku ? { sku } : null}
      renderActions={
        capabilities.publish ? (path) => <PathActions.Component path={path} /> : undefined
      }
    />
  );
}
