// Review before publishing: the admins' queue of publish requests.
import { createFileRoute } from '@tanstack/react-router';
import { lateComponent, usePreloadAfterFirstContent } from '../components/late-component.tsx';
import { ReviewsPage } from '../features/reviews/reviews-page.tsx';
import { reviewQueries } from '../features/reviews/reviews-api.ts';
import { oneOf, urlSearch } from '../lib/url-search.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const ReviewsSearch = urlSearch({ view: oneOf(['decided']) });

export const Route = createFileRoute('/_authed/reviews')({
  validateSearch: ReviewsSearch,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(reviewQueries.list('pending', false));
  },
  component: ReviewsRoute,
});

// The comparison of two versions shows when a request's "What changed" is opened: its code loads after
// the first content, or as it opens (under the comparison's own pending state, shown while it is read).
const VersionCompare = lateComponent(() =>
  import('../features/history/version-compare.tsx').then((module) => module.VersionCompare),
);

function ReviewsRoute() {
  const navigate = Route.useNavigate();
  const view = Route.useSearch().view ?? 'pending';
  usePageTitle('Review');
  usePreloadAfterFirstContent(VersionCompare);
  return (
    <ReviewsPage
      view={view}
      onViewChange={(next) =>
        void navigate({ search: { view: next === 'pending' ? undefined : next }, replace: true })
      }
      changes={(courseId, from, to) => (
        <VersionCompare.Component courseId={courseId} from={from} to={to} />
      )}
    />
  );
}
